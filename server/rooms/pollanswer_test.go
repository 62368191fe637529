package rooms

import "testing"

// The spellings a class types for the same answer (the "(3, ∞)" and "3, inf" first),
// each written out by hand with the one spelling the poll counts.
func TestNormalAnswer(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"(3, ∞)", "(3, ∞)"},
		{"3, inf", "(3, ∞)"},
		{"[3; +Infinity]", "(3, ∞)"},
		{" ( 3 ,∞ ) ", "(3, ∞)"},
		{"-inf, 5", "(-∞, 5)"},
		{"(−∞, −2)", "(-∞, -2)"},
		{"3 inf", "(3, ∞)"},
		{"825", "825"},
		{"−3", "-3"},
		{"3.0", "3"},
		{"1.1 1.2 1.3", "1.1 1.2 1.3"},
		{"1.1, 1.2", "1.1 1.2"},
		{"fails  high", "fails high"},
		{"3 5", "(3, 5)"},
	} {
		if got := normalAnswer(c.in); got != c.want {
			t.Errorf("normalAnswer(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
