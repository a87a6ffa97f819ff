package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/testenv"
)

// The -x oformat=json cases (testdata/json/*.txt) are end-to-end cases in
// the format of testdata/e2e (see e2e_test.go), run the same way. Each
// line of their standard output must also be valid against
// docs/json-schema.json, and between them the cases must produce every
// kind of line, output, value and aggregation function the schema has.
func TestJSONOutput(t *testing.T) {
	testenv.RequireBPF(t)
	schema := loadSchema(t)
	files, _ := filepath.Glob("testdata/json/*.txt")
	if len(files) == 0 {
		t.Fatal("no json cases")
	}
	seen := map[string]bool{}
	ran := 0
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			ran++
			c := parseCase(t, file)
			stdout, stderr, code := runCase(t, c)
			for i, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
				if line == "" && stdout == "" {
					break
				}
				v, err := decodeJSON([]byte(line))
				if err != nil {
					t.Errorf("line %d is not JSON: %v\n%s", i+1, err, line)
					continue
				}
				if err := schema.validate(v); err != nil {
					t.Errorf("line %d: %v\n%s", i+1, err, line)
				}
				noteKinds(v, "", seen)
			}
			checkCase(t, file, c, stdout, stderr, code)
		})
	}
	if t.Failed() || ran < len(files) {
		return // coverage is only known when every case ran
	}
	var missing []string
	for _, k := range schemaKinds(schema) {
		if !seen[k] {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("no case produced %s", strings.Join(missing, ", "))
	}
}

// noteKinds records the discriminating fields of a line and of the
// objects in it: "type=probe", "action=printf", "value=stack",
// "function=quantize", "kind=user".
func noteKinds(v any, field string, seen map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for _, k := range []string{"type", "action", "function"} {
			if s, ok := v[k].(string); ok {
				seen[k+"="+s] = true
			}
		}
		for k, x := range v {
			noteKinds(x, k, seen)
		}
	case []any:
		for _, x := range v {
			noteKinds(x, field, seen)
		}
	}
}

// schemaKinds lists what the cases must cover: every line type, output
// action, value type and aggregation function the schema names. freopen
// (which would need a file) and the drops of kinds other than dynamic
// variable drops are left to the text output's cases.
func schemaKinds(s *schema) []string {
	var out []string
	enum := func(def, prop, field string) {
		p := s.defs[def].(map[string]any)["properties"].(map[string]any)[prop].(map[string]any)
		for _, e := range p["enum"].([]any) {
			out = append(out, field+"="+e.(string))
		}
	}
	for _, d := range []string{"probeLine", "aggregationLine", "errorLine", "dropLine", "integer", "string", "memory", "stack", "symbol"} {
		enum(d, "type", "type")
	}
	for _, d := range []string{"valueOutput", "printfOutput", "printaOutput", "exitOutput", "printOutput", "systemOutput"} {
		enum(d, "action", "action")
	}
	for _, e := range s.defs["aggFunction"].(map[string]any)["enum"].([]any) {
		out = append(out, "function="+e.(string))
	}
	return out
}

func decodeJSON(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber() // integers stay exact, and "1.0" is not one
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("more than one value on the line")
	}
	return v, nil
}

func loadSchema(t *testing.T) *schema {
	t.Helper()
	b, err := os.ReadFile("../../docs/json-schema.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := parseSchema(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// schema validates documents against a JSON Schema (draft 2020-12)
// using only: type, enum, properties, required, additionalProperties,
// items, oneOf, anyOf and $ref to #/$defs. Any other keyword is an
// error, so that the schema cannot say more than is checked.
type schema struct {
	root map[string]any
	defs map[string]any
}

func parseSchema(b []byte) (*schema, error) {
	v, err := decodeJSON(b)
	if err != nil {
		return nil, err
	}
	root, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("schema is not an object")
	}
	defs, _ := root["$defs"].(map[string]any)
	return &schema{root: root, defs: defs}, nil
}

func (s *schema) validate(v any) error { return s.check(s.root, v, "$") }

// annotations are keywords that constrain nothing.
var annotations = map[string]bool{"$schema": true, "$id": true, "$defs": true, "title": true, "description": true}

func (s *schema) check(node, v any, path string) error {
	n, ok := node.(map[string]any)
	if !ok {
		return fmt.Errorf("%s: schema node is not an object", path)
	}
	keys := make([]string, 0, len(n))
	for k := range n {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the same error each run
	for _, k := range keys {
		if err := s.keyword(n, k, v, path); err != nil {
			return err
		}
	}
	return nil
}

func (s *schema) keyword(n map[string]any, k string, v any, path string) error {
	arg := n[k]
	switch k {
	case "$ref":
		ref, _ := arg.(string)
		name, ok := strings.CutPrefix(ref, "#/$defs/")
		def, found := s.defs[name]
		if !ok || !found {
			return fmt.Errorf("%s: unresolvable $ref %q", path, ref)
		}
		return s.check(def, v, path)
	case "type":
		if !hasType(v, arg.(string)) {
			return fmt.Errorf("%s: %s is not of type %s", path, short(v), arg)
		}
	case "enum":
		for _, e := range arg.([]any) {
			if sameJSON(e, v) {
				return nil
			}
		}
		return fmt.Errorf("%s: %s is not one of %s", path, short(v), short(arg))
	case "required":
		obj, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		for _, r := range arg.([]any) {
			if _, ok := obj[r.(string)]; !ok {
				return fmt.Errorf("%s: missing property %q", path, r)
			}
		}
	case "properties":
		obj, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		props := arg.(map[string]any)
		for name, x := range obj {
			if p, ok := props[name]; ok {
				if err := s.check(p, x, path+"."+name); err != nil {
					return err
				}
			}
		}
	case "additionalProperties":
		obj, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		props, _ := n["properties"].(map[string]any)
		for name, x := range obj {
			if _, ok := props[name]; ok {
				continue
			}
			if b, ok := arg.(bool); ok {
				if !b {
					return fmt.Errorf("%s: unexpected property %q", path, name)
				}
				continue
			}
			if err := s.check(arg, x, path+"."+name); err != nil {
				return err
			}
		}
	case "items":
		arr, ok := v.([]any)
		if !ok {
			return nil
		}
		for i, x := range arr {
			if err := s.check(arg, x, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
	case "oneOf", "anyOf":
		var errs []string
		for _, sub := range arg.([]any) {
			if err := s.check(sub, v, path); err != nil {
				errs = append(errs, err.Error())
			}
		}
		matched := len(arg.([]any)) - len(errs)
		if k == "oneOf" && matched == 1 || k == "anyOf" && matched >= 1 {
			return nil
		}
		if matched > 1 {
			return fmt.Errorf("%s: %s matches %d schemas of oneOf", path, short(v), matched)
		}
		return fmt.Errorf("%s: %s matches none of %s:\n\t%s", path, short(v), k, strings.Join(errs, "\n\t"))
	default:
		if !annotations[k] {
			return fmt.Errorf("%s: unsupported schema keyword %q", path, k)
		}
	}
	return nil
}

func hasType(v any, typ string) bool {
	switch typ {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "null":
		return v == nil
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		return ok && !strings.ContainsAny(string(n), ".eE")
	}
	return false
}

func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 80 {
		return string(b[:77]) + "..."
	}
	return string(b)
}

// TestJSONSchemaValidator checks that the validator can fail: documents
// that break the schema in each way it can be broken are refused, and
// a good one is accepted.
func TestJSONSchemaValidator(t *testing.T) {
	s := loadSchema(t)
	good := `{"type":"probe","cpu":0,"epid":1,"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN","output":[{"action":"trace","value":{"type":"integer","size":4,"signed":true,"value":-1}},{"action":"printa","aggregations":[{"name":"","function":"quantize","entries":[{"keys":[{"type":"string","value":"x"}],"buckets":[{"min":4,"max":7,"count":1}]}]}]}]}`
	v, err := decodeJSON([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.validate(v); err != nil {
		t.Fatalf("good document refused: %v", err)
	}
	bad := map[string]string{
		"wrong type":            `{"type":"probe","cpu":"0","epid":1,"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN","output":[]}`,
		"not an integer":        `{"type":"probe","cpu":0.5,"epid":1,"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN","output":[]}`,
		"missing property":      `{"type":"probe","cpu":0,"epid":1,"id":1,"provider":"dtrace","module":"","function":"","output":[]}`,
		"extra property":        `{"type":"probe","cpu":0,"epid":1,"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN","output":[],"timestamp":1}`,
		"unknown line type":     `{"type":"heading"}`,
		"bad item":              `{"type":"probe","cpu":0,"epid":1,"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN","output":[{"action":"trace"}]}`,
		"bad enum":              `{"type":"probe","cpu":0,"epid":1,"id":1,"provider":"dtrace","module":"","function":"","name":"BEGIN","output":[{"action":"trace","value":{"type":"integer","size":3,"signed":true,"value":1}}]}`,
		"entry without a value": `{"type":"aggregation","name":"a","function":"count","entries":[{"keys":[]}]}`,
		"not an object":         `[1]`,
	}
	for name, doc := range bad {
		v, err := decodeJSON([]byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := s.validate(v); err == nil {
			t.Errorf("%s: accepted %s", name, doc)
		}
	}
	// A keyword the validator does not check is refused, not ignored.
	odd, err := parseSchema([]byte(`{"type":"integer","minimum":3}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := odd.validate(json.Number("5")); err == nil || !strings.Contains(err.Error(), "unsupported") {
		t.Errorf("unsupported keyword: got %v", err)
	}
}
