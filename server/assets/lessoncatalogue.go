package assets

import (
	"encoding/json"
	"path"
	"regexp"
	"strings"
)

const lessonCatalogueName = "lessons/catalogue.json"

// lessonCatalogues are the Lessons menu's catalogues: lessons/catalogue.json,
// every lesson that lessons/index.json names as [[name, text], ...] in its
// order, read by the page in one request instead of one per lesson (lesson.js);
// and for each language LANG with a folder lessons/LANG/, lessons/LANG/catalogue.json,
// the same lessons as [[name, text, lang], ...], where text is lessons/LANG/NAME.md
// and lang is LANG, or the English text and "en" for a lesson not translated yet.
// Only index.json says which lessons exist: a translation it does not name is
// not listed.
//
// Beside each catalogue, menu.json is what the menu draws, [[name, title, slides,
// lang], ...]: the page's first load takes the menu (under a kilobyte) and the
// texts (11 KB with ten lessons) only when a lesson is first opened (issue 28's
// 300 KB first load).
func lessonCatalogues(files map[string]*asset) map[string]*asset {
	index := files["lessons/index.json"]
	var names []string
	if index == nil || json.Unmarshal(index.body, &names) != nil {
		return nil
	}
	english := make([][]string, 0, len(names))
	langs := map[string]bool{}
	for n := range files {
		if lang, rest, ok := strings.Cut(strings.TrimPrefix(n, "lessons/"), "/"); ok && strings.HasPrefix(n, "lessons/") && path.Ext(rest) == ".md" {
			langs[lang] = true
		}
	}
	out := map[string]*asset{}
	for _, n := range names {
		if f := files["lessons/"+n+".md"]; f != nil {
			english = append(english, []string{n, string(f.body), "en"})
		}
	}
	addLessonCatalogue(out, "lessons/", english, false)
	for lang := range langs {
		all := make([][]string, 0, len(english))
		for _, e := range english {
			if f := files["lessons/"+lang+"/"+e[0]+".md"]; f != nil {
				all = append(all, []string{e[0], string(f.body), lang})
			} else {
				all = append(all, []string{e[0], e[1], "en"})
			}
		}
		addLessonCatalogue(out, "lessons/"+lang+"/", all, true)
	}
	return out
}

// addLessonCatalogue adds dir's catalogue.json and menu.json for lessons
// ([name, text, lang] each); English's catalogue leaves the language out.
func addLessonCatalogue(out map[string]*asset, dir string, lessons [][]string, withLang bool) {
	texts := make([][]string, 0, len(lessons))
	menu := make([][]any, 0, len(lessons))
	for _, l := range lessons {
		if withLang {
			texts = append(texts, l)
		} else {
			texts = append(texts, l[:2])
		}
		title, slides := lessonOutline(l[1], l[0])
		menu = append(menu, []any{l[0], title, slides, l[2]})
	}
	b, _ := json.Marshal(texts)
	out[dir+"catalogue.json"] = newAsset(dir+"catalogue.json", b)
	m, _ := json.Marshal(menu)
	out[dir+"menu.json"] = newAsset(dir+"menu.json", m)
}

var (
	slideLine = regexp.MustCompile(`^---\s*$`)
	titleLine = regexp.MustCompile(`^#\s`)
)

// lessonOutline is a lesson's title and number of slides as the page's
// parseLesson (static/js/lessons/lessonformat.js) reads them: the first "# "
// line before the first slide (the name when there is none), and one slide
// per "---" line.
func lessonOutline(text, name string) (title string, slides int) {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\r", "\n")
	for _, line := range strings.Split(text, "\n") {
		switch {
		case slideLine.MatchString(line):
			slides++
		case slides == 0 && title == "" && titleLine.MatchString(line):
			title = strings.TrimSpace(line[1:])
		}
	}
	if title == "" {
		title = name
	}
	return title, slides
}
