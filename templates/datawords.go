package templates

import (
	"context"

	"github.com/pvscope/pvscope/templates/words"
)

// Words the server passes in as data (an option's usage, a gallery exhibit's name, a named
// input's label) are English Go text; the catalogs give them in other languages under keys the
// data names: options.<option>, gallery.<exhibit>.<field>, named.<id>. Where no catalog has the
// key (an option added without words), the Go text shows, so nothing shows a bare key.
func dataWords(ctx context.Context, key, fallback string) string {
	if _, ok := words.From(ctx).Messages[key]; ok {
		return words.T(ctx, key)
	}
	return fallback
}

// optionUsage is the option's usage sentence: options.<name>, else the engine's Usage.
func optionUsage(ctx context.Context, o Option) string {
	return dataWords(ctx, "options."+o.Name, o.Usage)
}

// galleryWords is one field (name, source or note) of a gallery exhibit: gallery.<id>.<field>.
func galleryWords(ctx context.Context, g GalleryItem, field, fallback string) string {
	if g.ID == "" {
		return fallback
	}
	return dataWords(ctx, "gallery."+g.ID+"."+field, fallback)
}

// namedWords is a named position's or tree's label: named.<id>.
func namedWords(ctx context.Context, n Named) string {
	if n.ID == "" {
		return n.Label
	}
	return dataWords(ctx, "named."+n.ID, n.Label)
}
