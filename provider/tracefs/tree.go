package tracefs

import (
	"io/fs"
	"sync"
)

// Tree is a tracefs tree whose event formats are read once each, for the
// providers of tracefs events (sdt, syscall): the running kernel's,
// found or mounted when first needed (see Dir), or one given (a copy in
// testdata). Listing every event must stay cheap, so a format is read
// only when its probe is first compiled or attached. A Tree is safe for
// concurrent use.
type Tree struct {
	mu      sync.Mutex
	given   fs.FS
	root    fs.FS
	formats map[[2]string]formatRead
}

// formatRead is the outcome of reading one event's format.
type formatRead struct {
	f   *Format
	err error
}

// NewTree returns the Tree of root, or of the running kernel's tracefs
// if root is nil.
func NewTree(root fs.FS) *Tree {
	return &Tree{given: root, root: root, formats: map[[2]string]formatRead{}}
}

// Given returns the tree NewTree was given, nil for the kernel's.
func (t *Tree) Given() fs.FS { return t.given }

// FS returns the tree, finding the kernel's on first use.
func (t *Tree) FS() (fs.FS, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.fs()
}

func (t *Tree) fs() (fs.FS, error) {
	if t.root == nil {
		root, err := FS()
		if err != nil {
			return nil, err
		}
		t.root = root
	}
	return t.root, nil
}

// Format returns the format of event group:event, read on first use;
// a failure to read it is kept and returned again.
func (t *Tree) Format(group, event string) (*Format, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	key := [2]string{group, event}
	if r, ok := t.formats[key]; ok {
		return r.f, r.err
	}
	var r formatRead
	root, err := t.fs()
	if err != nil {
		r.err = err
	} else {
		r.f, r.err = ReadFormat(root, group, event)
	}
	t.formats[key] = r
	return r.f, r.err
}
