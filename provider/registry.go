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
// A probe's ID is its place in the listing of every probe the providers
// offer without being asked for one by name: the dtrace provider's first,
// so that BEGIN, END and ERROR are probes 1, 2 and 3 as in DTrace, then
// the other providers' in the order they were registered, each in the
// order it lists them. A probe therefore has the same ID whatever a run
// matches, as in DTrace, where probes are created when providers
// register.
//
// Listing is what costs (tracefs, thousands of probes), so a provider is
// listed only when a probe of its own, or of a provider numbered after
// it, is first asked for: a program that enables BEGIN lists the dtrace
// provider alone, and its IDs are those a full listing gives. Probes
// created on demand (profile-1234hz), those of Lazy providers (fbt) and
// those of family members (pid1234) are numbered when first asked for,
// after every listed probe, so numbering them lists every provider. A
// probe keeps its ID, with the same *Probe, for the life of the Registry.
//
// A Registry is safe for concurrent use.
type Registry struct {
	provs    []Provider
	families []Family

	mu sync.Mutex
	// order holds the providers numbered by listing, in numbering
	// order; order[:listed] have been listed.
	order    []*listing
	listed   int
	listings map[Provider]*listing
	// extra are the probes numbered after every listed one, in ID
	// order.
	extra       []*Probe
	extraByName map[Desc]*Probe
	byOwner     map[Provider][]*Probe
}

// listing is a provider's listing: the probes it offers without being
// asked for one by name.
type listing struct {
	prov   Provider
	pos    int    // in Registry.order
	base   uint32 // the IDs of the providers listed before it
	offers []Offer
	index  map[Desc]int // offers by name
	// probes are those of offers asked for so far, by index in offers.
	probes []*Probe
}

// dtraceProvider is the name of the provider whose probes come first.
const dtraceProvider = "dtrace"

// NewRegistry returns a Registry of the given providers. Their names must
// be distinct.
func NewRegistry(ps ...Provider) *Registry {
	r := &Registry{
		provs:       slices.Clone(ps),
		listings:    make(map[Provider]*listing),
		extraByName: make(map[Desc]*Probe),
		byOwner:     make(map[Provider][]*Probe),
	}
	// The dtrace provider first, then the others in registration
	// order; a Lazy provider has too many probes to list.
	order := slices.Clone(ps)
	slices.SortStableFunc(order, func(a, b Provider) int {
		return cmp.Compare(b32(b.Name() == dtraceProvider), b32(a.Name() == dtraceProvider))
	})
	for _, prov := range order {
		if _, lazy := prov.(Lazy); lazy {
			continue
		}
		l := &listing{prov: prov, pos: len(r.order)}
		r.order = append(r.order, l)
		r.listings[prov] = l
	}
	return r
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
	if err := r.instantiate(d.Provider); err != nil {
		return nil, err
	}
	var out []*Probe
	var failed error
	failedAt := len(r.provs) // the index of the provider that failed
	var skipped []int        // providers ruled out by name, not asked
	for i, prov := range r.provs {
		if !matchField(d.Provider, prov.Name()) {
			continue
		}
		if n, ok := prov.(Named); ok && d.Name != "" && !n.MayMatchName(d.Name) {
			skipped = append(skipped, i)
			continue
		}
		ps, err := r.ask(prov, d)
		if err != nil {
			err = fmt.Errorf("provider %s: %w", prov.Name(), err)
			if d.Provider == prov.Name() {
				return nil, err
			}
			if failed == nil {
				failed, failedAt = err, i
			}
			continue
		}
		out = append(out, ps...)
	}
	if len(out) > 0 {
		slices.SortFunc(out, func(a, b *Probe) int { return cmp.Compare(a.ID, b.ID) })
		return out, nil
	}
	// Matching nothing, the reason is the failure of the first provider
	// that fails, as if every provider had been asked.
	for _, i := range skipped {
		if i > failedAt {
			break
		}
		prov := r.provs[i]
		if _, err := prov.Provide(d); err != nil {
			err = fmt.Errorf("provider %s: %w", prov.Name(), err)
			if d.Provider == prov.Name() {
				return nil, err
			}
			failed = err
			break
		}
	}
	return nil, failed
}

// ask returns the probes prov offers for d: those it offered before
// that d matches, so that a probe created on demand is found by later
// globs too, and those it offers now.
func (r *Registry) ask(prov Provider, d Desc) ([]*Probe, error) {
	offers, err := prov.Provide(d)
	if err != nil {
		return nil, err
	}
	matches := matcher(prov)
	var out []*Probe
	var seen map[*Probe]bool
	add := func(p *Probe) {
		if seen == nil {
			seen = make(map[*Probe]bool)
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, p := range r.byOwner[prov] {
		if matches(d, p.Desc()) {
			add(p)
		}
	}
	for _, s := range offers {
		if pd := (Desc{prov.Name(), s.Module, s.Function, s.Name}); matches(d, pd) {
			add(r.intern(prov, pd, s.Data))
		}
	}
	return out, nil
}

// List returns the probes that d describes, sorted by ID, as dtrace -l
// shows them. It is Match under the name the listing code looks for.
func (r *Registry) List(d Desc) ([]*Probe, error) {
	return r.Match(d)
}

// ByID returns the probe with the given ID, or nil if no probe has it
// yet. It lists the providers as far as the ID, so that an ID dtrace -l
// showed names the same probe.
func (r *Registry) ByID(id uint32) *Probe {
	r.mu.Lock()
	defer r.mu.Unlock()
	if id == 0 {
		return nil
	}
	for _, l := range r.order {
		r.list(l)
		if id <= l.base+uint32(len(l.offers)) {
			return r.probe(l, int(id-l.base-1))
		}
	}
	if i := int(id - r.total() - 1); i < len(r.extra) {
		return r.extra[i]
	}
	return nil
}

// list lists l's provider, and the providers numbered before it, if
// they have not been.
func (r *Registry) list(l *listing) {
	for r.listed <= l.pos {
		next := r.order[r.listed]
		if r.listed > 0 {
			prev := r.order[r.listed-1]
			next.base = prev.base + uint32(len(prev.offers))
		}
		r.listed++
		next.fill()
	}
}

// fill reads l's listing. A provider that cannot list its probes (no
// tracefs, say) lists none, and must not break descriptions of other
// providers; Match reports its error when a description names it. A
// probe listed twice is numbered once.
func (l *listing) fill() {
	offers, err := l.prov.Provide(Desc{Provider: l.prov.Name()})
	if err != nil {
		return
	}
	l.index = make(map[Desc]int, len(offers))
	l.offers = offers[:0:0]
	for _, s := range offers {
		d := Desc{l.prov.Name(), s.Module, s.Function, s.Name}
		if _, dup := l.index[d]; !dup {
			l.index[d] = len(l.offers)
			l.offers = append(l.offers, s)
		}
	}
	l.probes = make([]*Probe, len(l.offers))
}

// total lists every provider and returns how many probes they list.
func (r *Registry) total() uint32 {
	if len(r.order) == 0 {
		return 0
	}
	last := r.order[len(r.order)-1]
	r.list(last)
	return last.base + uint32(len(last.offers))
}

// probe returns probe i of l's listing, made when first asked for.
func (r *Registry) probe(l *listing, i int) *Probe {
	if p := l.probes[i]; p != nil {
		return p
	}
	s := l.offers[i]
	p := r.newProbe(l.prov, l.base+uint32(i)+1, Desc{l.prov.Name(), s.Module, s.Function, s.Name}, s.Data)
	l.probes[i] = p
	return p
}

func (r *Registry) newProbe(prov Provider, id uint32, d Desc, data any) *Probe {
	p := &Probe{
		ID:       id,
		Provider: d.Provider,
		Module:   d.Module,
		Function: d.Function,
		Name:     d.Name,
		Data:     data,
		prov:     prov,
	}
	r.byOwner[prov] = append(r.byOwner[prov], p)
	return p
}

func b32(b bool) int {
	if b {
		return 1
	}
	return 0
}

// intern returns the probe named d, numbering it if it is new: by its
// place in its provider's listing, or after every listed probe. A
// probe keeps the Data it was first offered with, a listed one that of
// the listing.
func (r *Registry) intern(prov Provider, d Desc, data any) *Probe {
	if l := r.listings[prov]; l != nil {
		r.list(l)
		if i, ok := l.index[d]; ok {
			return r.probe(l, i)
		}
	}
	if p := r.extraByName[d]; p != nil {
		return p
	}
	p := r.newProbe(prov, r.total()+uint32(len(r.extra))+1, d, data)
	r.extra = append(r.extra, p)
	r.extraByName[d] = p
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
