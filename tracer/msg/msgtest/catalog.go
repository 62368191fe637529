// Package msgtest is the catalog check for packages that say keyed sentences (package msg);
// only tests import it.
package msgtest

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// CheckCatalog is the catalog test every package with keyed sentences runs (from a
// _test.go file): every msg.New call in the package's Go files (dir) names a key of the
// English catalog file (static/js/i18n/en/<area>.json, found from dir upwards) whose message
// is the very template the call gives, and every other language has the key too. It
// returns one sentence per problem.
func CheckCatalog(dir, area string) ([]string, error) {
	root, err := findI18N(dir)
	if err != nil {
		return nil, err
	}
	en, err := readArea(filepath.Join(root, "en", area+".json"))
	if err != nil {
		return nil, err
	}
	langs, _ := os.ReadDir(root)
	others := map[string]map[string]string{}
	for _, l := range langs {
		if l.IsDir() && l.Name() != "en" {
			m, err := readArea(filepath.Join(root, l.Name(), area+".json"))
			if err != nil {
				return nil, err
			}
			others[l.Name()] = m
		}
	}
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		return nil, err
	}
	var problems []string
	calls := 0
	for _, p := range pkgs {
		for _, f := range p.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) < 2 {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "New" {
					return true
				}
				if id, ok := sel.X.(*ast.Ident); !ok || id.Name != "msg" {
					return true
				}
				calls++
				pos := fset.Position(call.Pos())
				key, ok1 := literal(call.Args[0])
				tmpl, ok2 := literal(call.Args[1])
				if !ok1 || !ok2 {
					problems = append(problems, fmt.Sprintf("%s: msg.New needs a literal key and template", pos))
					return true
				}
				name, found := strings.CutPrefix(key, area+".")
				if !found {
					problems = append(problems, fmt.Sprintf("%s: key %s is not in the area %s", pos, key, area))
					return true
				}
				if got, ok := en[name]; !ok {
					problems = append(problems, fmt.Sprintf("%s: the English catalog lacks %s (%q)", pos, key, tmpl))
				} else if got != tmpl {
					problems = append(problems, fmt.Sprintf("%s: %s is %q in the code but %q in the English catalog", pos, key, tmpl, got))
				}
				for lang, m := range others {
					if _, ok := m[name]; !ok {
						problems = append(problems, fmt.Sprintf("%s: the %s catalog lacks %s", pos, lang, key))
					}
				}
				return true
			})
		}
	}
	if calls == 0 {
		problems = append(problems, "no msg.New call found in "+dir)
	}
	return problems, nil
}

func literal(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}

func readArea(file string) (map[string]string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return m, nil
}

func findI18N(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(d, "static", "js", "i18n")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("no static/js/i18n above %s", dir)
		}
		d = parent
	}
}
