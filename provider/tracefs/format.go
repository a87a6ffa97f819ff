package tracefs

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// Format is the layout of a trace event's record, as its format file
// describes it.
type Format struct {
	Name   string // sys_enter_openat
	ID     uint32 // the event's perf tracepoint id
	Fields []Field
}

// Field is one member of an event record.
type Field struct {
	// Type is the member's C type as written, with any array bounds:
	// "const char *", "char[16]", "__data_loc char[]".
	Type   string
	Name   string
	Offset int // bytes from the start of the record
	Size   int // bytes
	Signed bool
}

// Common reports whether f is one of the header fields every event
// record starts with (common_type, common_pid, ...).
func (f Field) Common() bool { return strings.HasPrefix(f.Name, "common_") }

// Field returns the field called name.
func (f *Format) Field(name string) (Field, bool) {
	for _, fld := range f.Fields {
		if fld.Name == name {
			return fld, true
		}
	}
	return Field{}, false
}

// ReadFormat reads and parses events/GROUP/EVENT/format from fsys, a
// tracefs tree (os.DirFS(dir) of Dir's result, or a copy in testdata).
func ReadFormat(fsys fs.FS, group, event string) (*Format, error) {
	name := path.Join("events", group, event, "format")
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fm, err := ParseFormat(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return fm, nil
}

// ParseFormat parses a trace event format file:
//
//	name: sys_enter_openat
//	ID: 782
//	format:
//		field:unsigned short common_type;	offset:0;	size:2;	signed:0;
//		...
//	print fmt: "..."
//
// Unknown lines and keys are ignored, so that what later kernels add does
// not break us; a field without a name, offset or size is an error.
func ParseFormat(r io.Reader) (*Format, error) {
	var fm Format
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20) // print fmt lines can be long
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		key, value, _ := strings.Cut(text, ":")
		switch key {
		case "name":
			fm.Name = strings.TrimSpace(value)
		case "ID":
			id, err := strconv.ParseUint(strings.TrimSpace(value), 10, 32)
			if err != nil {
				return nil, fmt.Errorf("line %d: bad ID: %v", line, err)
			}
			fm.ID = uint32(id)
		case "field":
			fld, err := parseField(text)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", line, err)
			}
			fm.Fields = append(fm.Fields, fld)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if fm.Name == "" {
		return nil, fmt.Errorf("no event name")
	}
	return &fm, nil
}

// parseField parses one field line:
// "field:const char * filename;	offset:24;	size:8;	signed:0;".
func parseField(text string) (Field, error) {
	var fld Field
	var haveOffset, haveSize bool
	for _, part := range strings.Split(text, ";") {
		key, value, ok := strings.Cut(strings.TrimSpace(part), ":")
		if !ok {
			continue
		}
		var err error
		switch key {
		case "field":
			fld.Type, fld.Name = splitDecl(value)
			if fld.Name == "" {
				return fld, fmt.Errorf("field %q has no name", value)
			}
		case "offset":
			fld.Offset, err = strconv.Atoi(value)
			haveOffset = true
		case "size":
			fld.Size, err = strconv.Atoi(value)
			haveSize = true
		case "signed":
			fld.Signed = value == "1"
		}
		if err != nil {
			return fld, fmt.Errorf("field %s: bad %s: %v", fld.Name, key, err)
		}
	}
	if !haveOffset || !haveSize {
		return fld, fmt.Errorf("field %s: missing offset or size", fld.Name)
	}
	return fld, nil
}

// splitDecl splits a C declaration "char prev_comm[16]" into its type
// "char[16]" and name "prev_comm".
func splitDecl(decl string) (typ, name string) {
	decl = strings.TrimSpace(decl)
	var bounds string
	// A name followed by bounds, as in comm[16]; a bare [] after a type
	// (__data_loc char[] filename) is part of the type.
	if strings.HasSuffix(decl, "]") {
		if i := strings.LastIndexByte(decl, '['); i > 0 && isIdent(decl[i-1]) {
			decl, bounds = decl[:i], decl[i:]
		}
	}
	i := len(decl)
	for i > 0 && isIdent(decl[i-1]) {
		i--
	}
	return strings.TrimSpace(decl[:i]) + bounds, decl[i:]
}

func isIdent(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
