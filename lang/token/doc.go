// Package token defines the lexical tokens of the D language and source
// positions.
//
// A Pos is a cheap byte offset into a File; it is resolved to a line and
// column only when a diagnostic is printed. Positions are 1-based so that
// the zero Pos means "no position".
//
// Line directives give the user's line numbers back after the C
// preprocessor, whose output is one text with # N "file" flags markers
// saying where lines come from. The scanner records each marker in the
// File (AddLine), and File.Position resolves a position to the marker's
// file and line from then on; PositionFor(p, false) ignores the markers,
// giving the line of the text itself, which indexes the source. Parse
// errors are sorted by offset, not by line, since markers can move later
// text to lower lines. As in DTrace, the line after #line N is numbered
// N+1 (dt_pragma() adjusts its line counter around the directive), while
// the line after cpp's # N is N.
package token
