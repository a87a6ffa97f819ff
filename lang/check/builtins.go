package check

import "github.com/godtrace/godtrace/abi"

// Builtin identifies one of D's built-in variables.
type Builtin int

// The built-in variables of the skeleton.
const (
	BNone Builtin = iota
	BArg0         // arg0..arg9 are BArg0+i
	BArg1
	BArg2
	BArg3
	BArg4
	BArg5
	BArg6
	BArg7
	BArg8
	BArg9
	BPid
	BTid
	BPpid
	BUid
	BGid
	BExecname
	BProbeprov
	BProbemod
	BProbefunc
	BProbename
	BTimestamp
	BVtimestamp
	BWalltimestamp
	BCPU
	BID
	BEPID
	BErrno
	BCurthread
	BCwd
	BRoot
	BUstackdepth
	BUcaller
	BExecargs
	BCurcpu
	BStackdepth
	BCaller
)

type builtinDef struct {
	id Builtin
	t  Type
}

// builtins maps each built-in variable's name to its identity and type,
// with DTrace's types (pid_t, id_t, uint64_t, ...). probe* strings get
// their real bound from the probes at code generation; here they are
// strsize-bounded.
var builtins = map[string]builtinDef{
	"arg0": {BArg0, TypeInt64}, "arg1": {BArg1, TypeInt64}, "arg2": {BArg2, TypeInt64},
	"arg3": {BArg3, TypeInt64}, "arg4": {BArg4, TypeInt64}, "arg5": {BArg5, TypeInt64},
	"arg6": {BArg6, TypeInt64}, "arg7": {BArg7, TypeInt64}, "arg8": {BArg8, TypeInt64},
	"arg9":          {BArg9, TypeInt64},
	"pid":           {BPid, typeNames["pid_t"]},
	"tid":           {BTid, typeNames["id_t"]},
	"ppid":          {BPpid, typeNames["pid_t"]},
	"uid":           {BUid, typeNames["uid_t"]},
	"gid":           {BGid, typeNames["gid_t"]},
	"execname":      {BExecname, StringType(16)},
	"probeprov":     {BProbeprov, StringType(0)},
	"probemod":      {BProbemod, StringType(0)},
	"probefunc":     {BProbefunc, StringType(0)},
	"probename":     {BProbename, StringType(0)},
	"timestamp":     {BTimestamp, TypeUint64},
	"vtimestamp":    {BVtimestamp, TypeUint64},
	"walltimestamp": {BWalltimestamp, TypeInt64},
	"cpu":           {BCPU, typeNames["processorid_t"]},
	"id":            {BID, TypeUint32},
	"epid":          {BEPID, TypeUint32},
	"errno":         {BErrno, TypeInt},
	"curthread":     {BCurthread, TypeUlong},
	"cwd":           {BCwd, StringType(0)},
	"root":          {BRoot, StringType(0)},
	"ustackdepth":   {BUstackdepth, TypeUint32},
	"ucaller":       {BUcaller, TypeUint64},
	"execargs":      {BExecargs, StringType(0)},
	"curcpu":        {BCurcpu, PointerTo(cpuinfoType)},
	"stackdepth":    {BStackdepth, TypeUint32},
	"caller":        {BCaller, TypeUint64},
}

// cpuinfoType is the cpuinfo_t that curcpu points to, with DTrace's
// members, laid out as the loader fills each CPU's value of the cpuinfo
// map (spec.MapCPUInfo).
var cpuinfoType = func() Type {
	id := func(name string) Type { return Type{Kind: Int, Size: 4, Signed: true, Name: name} }
	def := &StructDef{Name: "struct cpuinfo", Size: abi.CPUInfoSize, Complete: true, members: []Member{
		{Name: "cpu_id", Type: id("processorid_t"), Off: abi.CPUInfoID},
		{Name: "cpu_pset", Type: id("psetid_t"), Off: abi.CPUInfoPset},
		{Name: "cpu_chip", Type: id("chipid_t"), Off: abi.CPUInfoChip},
		{Name: "cpu_lgrp", Type: id("lgrp_id_t"), Off: abi.CPUInfoLgrp},
	}}
	return Type{Kind: Struct, Size: def.Size, Name: "cpuinfo_t", Def: def}
}()
