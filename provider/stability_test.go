package provider

import "testing"

func TestStabilityNames(t *testing.T) {
	if Private.String() != "Private" || Standard.String() != "Standard" || ClassISA.String() != "ISA" || ClassCommon.String() != "Common" {
		t.Errorf("names: %v %v %v %v", Private, Standard, ClassISA, ClassCommon)
	}
	a := Attribute{Evolving, Stable, ClassCommon}.Min(Attribute{Private, Standard, ClassISA})
	if a != (Attribute{Private, Stable, ClassISA}) {
		t.Errorf("Min = %v", a)
	}
}

// TestDescAttribute checks dt_probe_info()'s rules: the weakest of the
// fields a description names exactly, everything Unstable under a
// provider pattern.
func TestDescAttribute(t *testing.T) {
	a := known["profile"]
	for _, c := range []struct {
		d    Desc
		want Attribute
	}{
		{Desc{Provider: "profile", Name: "tick-1s"}, Attribute{Evolving, Evolving, ClassCommon}},
		{Desc{Provider: "profile", Module: "m", Name: "tick-1s"}, Attribute{Unstable, Unstable, ClassUnknown}},
		{Desc{Provider: "prof*", Name: "tick-1s"}, Attribute{Unstable, Unstable, ClassCommon}},
	} {
		if got := a.DescAttribute(c.d); got != c.want {
			t.Errorf("DescAttribute(%s) = %v, want %v", c.d, got, c.want)
		}
	}
	// profile's probe names are Evolving: leaving the name open or a
	// pattern matches an unstable set; naming it does not.
	for d, want := range map[Desc]bool{
		{Provider: "profile"}:                  true,
		{Provider: "profile", Name: "tick-*"}:  true,
		{Provider: "profile", Name: "tick-1s"}: false,
	} {
		if got := a.UnstableSet(d); got != want {
			t.Errorf("UnstableSet(%s) = %v, want %v", d, got, want)
		}
	}
}
