package provider

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Registry names the probes of a set of providers and numbers them.
//
// A probe gets its ID the first time any Match or List sees it, and keeps
// it, with the same *Probe, for the life of the Registry. The dtrace
// provider's probes are numbered before anything else, so that BEGIN,
// END and ERROR are probes 1, 2 and 3 as in DTrace; the other providers'
// probes follow in the order the providers were registered and, within a
// provider, in the order it offers them. Probes created on demand
// (profile-1234hz) are numbered when first asked for.
//
// A Registry is safe for concurrent use.
type Registry struct {
	provs    []Provider
	families []Family

	mu      sync.Mutex
	seeded  bool
	byName  map[Desc]*Probe
	byID    []*Probe // byID[i] has ID i+1
	byOwner map[Provider][]*Probe
}

// dtraceProvider is the name of the provider whose probes come first.
const dtraceProvider = "dtrace"

// NewRegistry returns a Registry of the given providers. Their names must
// be distinct.
func NewRegistry(ps ...Provider) *Registry {
	return &Registry{
		provs:   slices.Clone(ps),
		byName:  make(map[Desc]*Probe),
		byOwner: make(map[Provider][]*Probe),
	}
}

// Match returns the probes that d describes, sorted by ID. Each field of
// d is a gmatch(3) pattern (see Glob); an empty field matches anything.
// Providers whose name matches d.Provider are asked for the probes they
// offer for d, and probes they offered before are matched again, so a
// probe created on demand is found by later globs too.
//
// Matching nothing is not an error; a name the provider rejects
// (tick-0) is, and so is failing to ask a provider (say, tracefs cannot
// be read) when d names it, or when d matches nothing: a provider that
// cannot list its probes does not break descriptions that match the
// probes of others (BEGIN, whose provider field is empty).
func (r *Registry) Match(d Desc) ([]*Probe, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.seed(); err != nil {
		return nil, err
	}
	if err := r.instantiate(d.Provider); err != nil {
		return nil, err
	}
	var out []*Probe
	var failed error
	for _, prov := range r.provs {
		if !matchField(d.Provider, prov.Name()) {
			continue
		}
		matches := matcher(prov)
		specs, err := prov.Provide(d)
		if err != nil {
			err = fmt.Errorf("provider %s: %w", prov.Name(), err)
			if d.Provider == prov.Name() {
				return nil, err
			}
			failed = cmp.Or(failed, err)
			continue
		}
		seen := make(map[*Probe]bool)
		for _, p := range r.byOwner[prov] {
			if matches(d, p.Desc()) {
				seen[p] = true
				out = append(out, p)
			}
		}
		for _, s := range specs {
			pd := Desc{prov.Name(), s.Module, s.Function, s.Name}
			if !matches(d, pd) {
				continue
			}
			p := r.intern(prov, pd, s.Data)
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 && failed != nil {
		return nil, failed
	}
	slices.SortFunc(out, func(a, b *Probe) int { return cmp.Compare(a.ID, b.ID) })
	return out, nil
}

// List returns the probes that d describes, sorted by ID, as dtrace -l
// shows them. It is Match under the name the listing code looks for.
func (r *Registry) List(d Desc) ([]*Probe, error) {
	return r.Match(d)
}

// ByID returns the probe with the given ID, or nil if no probe has it
// yet. The probes providers list without being asked are numbered
// first, as Match numbers them, so that an ID dtrace -l showed names the
// same probe.
func (r *Registry) ByID(id uint32) *Probe {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seed() // a provider that cannot list its probes has no IDs to find
	if id == 0 || int(id) > len(r.byID) {
		return nil
	}
	return r.byID[id-1]
}

// seed numbers the dtrace provider's probes before any other, once.
func (r *Registry) seed() error {
	if r.seeded {
		return nil
	}
	// Number every probe the providers list without being asked for
	// one by name, the dtrace provider's first, so that a probe has the
	// same ID whatever a run matches (as DTrace's probes, created when
	// providers register). Probes created on demand follow.
	order := slices.Clone(r.provs)
	slices.SortStableFunc(order, func(a, b Provider) int {
		return cmp.Compare(b32(b.Name() == dtraceProvider), b32(a.Name() == dtraceProvider))
	})
	for _, prov := range order {
		if _, lazy := prov.(Lazy); lazy {
			continue
		}
		specs, err := prov.Provide(Desc{Provider: prov.Name()})
		if err != nil {
			// A provider that cannot list its probes (no tracefs, say)
			// must not break descriptions of other providers; Match
			// reports its error when a description names it.
			continue
		}
		for _, s := range specs {
			r.intern(prov, Desc{prov.Name(), s.Module, s.Function, s.Name}, s.Data)
		}
	}
	r.seeded = true
	return nil
}

func b32(b bool) int {
	if b {
		return 1
	}
	return 0
}

// intern returns the probe named d, creating and numbering it if it is
// new. A probe keeps the Data it was first offered with.
func (r *Registry) intern(prov Provider, d Desc, data any) *Probe {
	if p := r.byName[d]; p != nil {
		return p
	}
	p := &Probe{
		ID:       uint32(len(r.byID) + 1),
		Provider: d.Provider,
		Module:   d.Module,
		Function: d.Function,
		Name:     d.Name,
		Data:     data,
		prov:     prov,
	}
	r.byName[d] = p
	r.byID = append(r.byID, p)
	r.byOwner[prov] = append(r.byOwner[prov], p)
	return p
}

// AddFamily adds a family of providers, whose members a description
// names (pid1234).
func (r *Registry) AddFamily(f Family) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.families = append(r.families, f)
}

// instantiate adds the member of a family that name names, if it is
// not a glob and one does: as in DTrace, a glob matches only the
// members that exist (pid* the processes already named).
func (r *Registry) instantiate(name string) error {
	if name == "" {
		return nil
	}
	if IsGlob(name) {
		if err := r.instantiatePID(name); err != nil {
			return err
		}
		return r.scan(name)
	}
	if r.known(name) {
		return nil
	}
	for _, f := range r.families {
		prov, err := f.Member(name)
		if err != nil {
			return err // it names the member: "failed to grab process 12"
		}
		if prov != nil {
			r.provs = append(r.provs, prov)
			return nil
		}
	}
	return nil
}

// instantiatePID adds the members of PID families that pattern, a glob
// ending in a process ID, matches by name, and those PID scanners find
// in that process.
func (r *Registry) instantiatePID(pattern string) error {
	digits := len(pattern)
	for digits > 0 && pattern[digits-1] >= '0' && pattern[digits-1] <= '9' {
		digits--
	}
	pid, err := strconv.Atoi(pattern[digits:])
	if err != nil || pid <= 0 {
		return nil
	}
	for _, f := range r.families {
		if ps, ok := f.(PIDScanner); ok {
			found, err := ps.ScanPID(pattern, pid)
			if err != nil {
				return err
			}
			r.addNew(found)
		}
		pf, ok := f.(PIDFamily)
		if !ok {
			continue
		}
		name := pf.MemberName(pid)
		if !Glob(pattern, name) || r.known(name) {
			continue
		}
		prov, err := f.Member(name)
		if err != nil {
			return err
		}
		if prov != nil {
			r.provs = append(r.provs, prov)
		}
	}
	return nil
}

// scan adds the members a glob finds in families that scan for them
// (python*: every process's python provider). A glob that could name
// any provider ("*", "p*") scans nothing: it would read every process
// for a description that meant something else.
func (r *Registry) scan(pattern string) error {
	prefix, _, _ := strings.Cut(pattern, "*")
	prefix, _, _ = strings.Cut(prefix, "?")
	prefix, _, _ = strings.Cut(prefix, "[")
	if len(prefix) < 2 {
		return nil
	}
	for _, f := range r.families {
		sc, ok := f.(Scanner)
		if !ok {
			continue
		}
		found, err := sc.Scan(pattern)
		if err != nil {
			return err
		}
		r.addNew(found)
	}
	return nil
}

// known reports whether the registry has a provider named name.
func (r *Registry) known(name string) bool {
	return slices.ContainsFunc(r.provs, func(p Provider) bool { return p.Name() == name })
}

// addNew adds the family members found that the registry does not have.
func (r *Registry) addNew(found []Provider) {
	for _, prov := range found {
		if !r.known(prov.Name()) {
			r.provs = append(r.provs, prov)
		}
	}
}

// matcher returns how prov's probes match a description: by name,
// field by field, or with the provider's own module and function
// aliases.
func matcher(prov Provider) func(d, pd Desc) bool {
	al, modOK := prov.(Aliased)
	fal, fnOK := prov.(FunctionAliased)
	if !modOK && !fnOK {
		return matches
	}
	return func(d, pd Desc) bool {
		return matchField(d.Provider, pd.Provider) &&
			(matchField(d.Module, pd.Module) || modOK && al.MatchModule(d.Module, pd.Module)) &&
			(matchField(d.Function, pd.Function) || fnOK && fal.MatchFunction(d.Function, pd.Module, pd.Function)) &&
			matchField(d.Name, pd.Name)
	}
}

// matches reports whether the probe named pd matches the description d.
func matches(d, pd Desc) bool {
	return matchField(d.Provider, pd.Provider) &&
		matchField(d.Module, pd.Module) &&
		matchField(d.Function, pd.Function) &&
		matchField(d.Name, pd.Name)
}

// matchField matches one field of a probe description: empty matches
// anything.
func matchField(pattern, s string) bool {
	return pattern == "" || Glob(pattern, s)
}
