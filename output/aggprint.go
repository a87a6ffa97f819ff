package output

import (
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/option"
)

// printAgg prints one aggregation without a format, sorted as DTrace
// sorts it. An aggregation with no data prints only a blank line.
func (p *Printer) printAgg(h *dtrace.Handle, agg *dtrace.Aggregation) error {
	if len(agg.Records) == 0 {
		// Oracle's dt_printa() writes the blank line that starts an
		// aggregation's output even when it has no entries.
		return p.Out.WriteByte('\n')
	}
	return format.PrintAggregation(p.Out, agg.Desc, agg.Records, p.printOptions(h))
}

// printOptions reads the options that shape aggregation output; they are
// dynamic, so setopt() may have changed them since the last printa().
func (p *Printer) printOptions(h *dtrace.Handle) format.PrintOptions {
	o := h.Options
	return format.PrintOptions{
		Sort: p.sortOptions(h), Env: h.FormatEnv(),
		Hist: o.Bool(option.AggHist), Pack: o.Bool(option.AggPack), Zoom: o.Bool(option.AggZoom),
		Packing:  format.Packing{UTF8: packUTF8(o.String(option.Encoding), p.Term)},
		UTF8:     o.String(option.Encoding) == "utf8",
		RawBytes: o.Bool(option.RawBytes),
	}
}

// packUTF8 is libdtrace's choice of characters for packed aggregations:
// the encoding option if set, else UTF-8 unless the terminal is one known
// not to show it. (libdtrace reads a missing TERM as a NULL pointer; here
// it means a terminal of unknown abilities, given ASCII.)
func packUTF8(encoding, term string) bool {
	switch encoding {
	case "ascii":
		return false
	case "utf8":
		return true
	}
	switch term {
	case "", "sun", "sun-color", "dumb":
		return false
	}
	return true
}

func (p *Printer) sortOptions(h *dtrace.Handle) format.SortOptions {
	o := h.Options
	return format.SortOptions{
		Key:    o.Bool(option.AggSortKey),
		KeyPos: int(o.Int(option.AggSortKeyPos)),
		Pos:    int(o.Int(option.AggSortPos)),
		Rev:    o.Bool(option.AggSortRev),
	}
}

// printaFormat prints aggregations with a printa() format, joined on
// their keys.
func (p *Printer) printaFormat(h *dtrace.Handle, f *format.Format, aggs []*dtrace.Aggregation) error {
	var descs []*format.AggDesc
	var sets [][]format.AggRecord
	for _, agg := range aggs {
		descs = append(descs, agg.Desc)
		sets = append(sets, agg.Records)
	}
	return format.Printa(p.Out, f, descs, format.Join(sets), p.printOptions(h))
}
