package format

import "math"

func mathFloat32bits(v float32) uint32 { return math.Float32bits(v) }
func mathFloat64bits(v float64) uint64 { return math.Float64bits(v) }
func inf(sign int) float64             { return math.Inf(sign) }

type bytesBuffer struct{ b []byte }

func (b *bytesBuffer) Write(p []byte) (int, error) { b.b = append(b.b, p...); return len(p), nil }
func (b *bytesBuffer) String() string              { return string(b.b) }
