package option

// Name names an option for the Options accessors (Bool, Size, ...):
// one of the variables below, so that a misspelt name does not compile
// (option names in user input go to Set, SetArg and SetPragma as text).
type Name struct{ name string }

// String returns the option's name, as -x takes it.
func (n Name) String() string { return n.name }

// Key is the Name of o, for the accessors.
func (o Option) Key() Name { return Name{o.Name} }

// name makes the Name of an option of the table; a name the table
// lacks panics when the package is initialized.
func name(s string) Name {
	mustLookup(s)
	return Name{s}
}

// The options, in the table's order.
var (
	AggHist       = name("agghist")
	AggPack       = name("aggpack")
	AggPerCPU     = name("aggpercpu")
	AggRate       = name("aggrate")
	AggSize       = name("aggsize")
	AggSortKey    = name("aggsortkey")
	AggSortKeyPos = name("aggsortkeypos")
	AggSortPos    = name("aggsortpos")
	AggSortRev    = name("aggsortrev")
	AggZoom       = name("aggzoom")
	AMin          = name("amin")
	ArgRef        = name("argref")
	BPFLog        = name("bpflog")
	BPFLogSize    = name("bpflogsize")
	BufPolicy     = name("bufpolicy")
	BufResize     = name("bufresize")
	BufSize       = name("bufsize")
	CleanRate     = name("cleanrate")
	Core          = name("core")
	CPP           = name("cpp")
	CPPArgs       = name("cppargs")
	CPPHdrs       = name("cpphdrs")
	CPPPath       = name("cpppath")
	CPU           = name("cpu")
	CTypes        = name("ctypes")
	Debug         = name("debug")
	DefaultArgs   = name("defaultargs")
	Define        = name("define")
	Destructive   = name("destructive")
	DropTags      = name("droptags")
	DTypes        = name("dtypes")
	DynVarSize    = name("dynvarsize")
	Empty         = name("empty")
	Encoding      = name("encoding")
	ErrTags       = name("errtags")
	EvalTime      = name("evaltime")
	FBTAttach     = name("fbtattach")
	FlowIndent    = name("flowindent")
	GrabAnon      = name("grabanon")
	IncDir        = name("incdir")
	IRegs         = name("iregs")
	JStackFrames  = name("jstackframes")
	JStackStrSize = name("jstackstrsize")
	KDefs         = name("kdefs")
	KNoDefs       = name("knodefs")
	Late          = name("late")
	LazyLoad      = name("lazyload")
	LDPath        = name("ldpath")
	LibDir        = name("libdir")
	LinkMode      = name("linkmode")
	LinkType      = name("linktype")
	LockMem       = name("lockmem")
	MaxFrames     = name("maxframes")
	ModPath       = name("modpath")
	NoLibs        = name("nolibs")
	NoResolve     = name("noresolve")
	NSpec         = name("nspec")
	OFormat       = name("oformat")
	PGMax         = name("pgmax")
	PrintSize     = name("printsize")
	PSpec         = name("pspec")
	Quiet         = name("quiet")
	QuietResize   = name("quietresize")
	RawBytes      = name("rawbytes")
	ScratchSize   = name("scratchsize")
	SetEnv        = name("setenv")
	SpecSize      = name("specsize")
	StackFrames   = name("stackframes")
	StackIndent   = name("stackindent")
	StatusRate    = name("statusrate")
	StdC          = name("stdc")
	Strip         = name("strip")
	StrSize       = name("strsize")
	SwitchRate    = name("switchrate")
	SysLibDir     = name("syslibdir")
	Temporal      = name("temporal")
	Tree          = name("tree")
	TRegs         = name("tregs")
	UDefs         = name("udefs")
	Undef         = name("undef")
	UNoDefs       = name("unodefs")
	UnsetEnv      = name("unsetenv")
	UStackFrames  = name("ustackframes")
	Verbose       = name("verbose")
	Version       = name("version")
	ZDefs         = name("zdefs")
)
