// Package tag names the diagnostics of the D compiler: each is a constant
// of type Msg standing for one of DTrace's D_* tags with one wording, so
// that a misspelt tag does not compile and a message is written once, in
// the table (table.go), with where DTrace raises it.
//
// The package promises that Msg.Tag is DTrace's tag, which dtrace(1)
// prints with -xerrtags and which scripts may test, and that Msg.Text is
// DTrace's message for the arguments, byte for byte, except where the
// table's Where note begins "godtrace:": such a message is godtrace's
// own, for what DTrace does not reject or does not have. It does not
// promise to list every diagnostic DTrace has: only those godtrace
// reports.
package tag

import "fmt"

// A Msg is one diagnostic: a D_* tag and one wording of it. A tag DTrace
// uses with several wordings (D_OP_SCALAR for unary and binary operators
// and for ?:) has a Msg for each.
type Msg int

// Text is the message for args, formatted as Format says.
func (m Msg) Text(args ...any) string { return fmt.Sprintf(table[m].format, args...) }

// Tag is DTrace's tag for m, e.g. "D_OP_SCALAR".
func (m Msg) Tag() string { return table[m].tag }

// Format is m's fmt format, with a verb where DTrace substitutes a value.
func (m Msg) Format() string { return table[m].format }

// Where says where DTrace raises m, or that godtrace does and why.
func (m Msg) Where() string { return table[m].where }

// Count is the number of Msgs: they run from 0 to Count-1.
const Count = int(numMsgs)

type entry struct {
	tag, format, where string
}

// The constants run in the order of their tags, then of the table's
// entries, so that a tag's wordings are together.
const (
	ActSpec Msg = iota
	AddrofBitfield
	AddrofLval
	AddrofVar
	AddrofVarDynamic
	AggComm
	AggFunc
	AggMdim
	AggNull
	AggRedef
	AggScalar
	AggSpec
	AllocaIncompat
	AllocaIncompatCond
	AllocaSize
	ArgsIdx
	ArgsMulti
	ArgsNone
	ArgsType
	ArgsTypeXlate
	ArgsXlator
	ArrBadref
	ArrBounds
	ArrLocal
	Asrelo
	CastInval
	CgExpr
	ChrNl
	ChrNull
	ChrOflow
	ClearAggarg
	ClearAggbad
	CommDrec
	DeclArrbig
	DeclArrnull
	DeclArrnullInline
	DeclArrnullInlineScalar
	DeclArrsub
	DeclBadclass
	DeclBfconst
	DeclBfsize
	DeclBftype
	DeclCharattr
	DeclClass
	DeclCombo
	DeclDynobj
	DeclEnconst
	DeclEnoflow
	DeclIdredType
	DeclIdredBuiltin
	DeclIdredInline
	DeclIdred
	DeclIdredTypedefIdent
	DeclIdredGlobal
	DeclIdredTypedef
	DeclIdredKey
	DeclIdredTuple
	DeclIdredSymbol
	DeclIncomplete
	DeclLocassc
	DeclLongint
	DeclParmclass
	DeclProtoForm
	DeclProtoName
	DeclProtoType
	DeclProtoVarargs
	DeclProtoVoid
	DeclScope
	DeclScopeMember
	DeclScopeEnumerator
	DeclSignint
	DeclTypered
	DeclUseless
	DeclVoidattr
	DeclVoidobj
	DeclVoidobjInline
	DeclVoidobjArray
	DeclVoidobjMember
	DerefFunc
	DerefNonptr
	DerefVoid
	DivZero
	DrecComm
	Empty
	ExitSpec
	FreopenInvalid
	FuncIdent
	FuncUndef
	IdentBadref
	IdentUndef
	IdentUndefKernel
	IdentUndefUser
	IntDigit
	IntOflowType
	IntOflow
	KeyType
	LlquantFactortype
	LlquantFactorval
	LlquantHmagtype
	LlquantHmagval
	LlquantHmagvalLow
	LlquantHmagvalOverflow
	LlquantLmagtype
	LlquantLmagval
	LlquantMatchfactor
	LlquantMatchhmag
	LlquantMatchlmag
	LlquantMatchsteps
	LlquantSteptype
	LlquantStepval
	LlquantStepvalDivide
	LlquantStepvalMultiple
	LlquantStepvalSquare
	LlquantStepvalPow
	LquantBasetype
	LquantBaseval
	LquantLimtype
	LquantLimval
	LquantMatchbase
	LquantMatchlim
	LquantMatchstep
	LquantMismatch
	LquantSteplarge
	LquantStepsmall
	LquantSteptype
	LquantStepval
	MacroOflow
	MacroUndef
	MacroUndefVar
	MacroUnused
	NormalizeAggarg
	NormalizeAggbad
	Nospace
	OffsetofBitfield
	OffsetofType
	OpActCond
	OpAct
	OpArith
	OpArithUnary
	OpArrfun
	OpIncompat
	OpIncompatCond
	OpIncompatInline
	OpIncomplete
	OpInt
	OpIntUnary
	OpLval
	OpPtr
	OpScalar
	OpScalarUnary
	OpScalarIncr
	OpScalarCond
	OpSouPtr
	OpSou
	OpVfptrLeft
	OpVfptr
	OpWrite
	PdescInval
	PdescInvalMatch
	PdescInvalID
	PdescInvalIDMax
	PdescInvalIDSpec
	PdescZero
	PragctlInval
	PragctlInvalIdent
	Pragerr
	PragmaDepend
	PragmaDependLibrary
	PragmaInval
	PragmaInvalAttr
	PragmaInvalBinding
	PragmaInvalDepends
	PragmaMalformOption
	PragmaMalformOptionExtra
	PragmaMalformAttr
	PragmaMalformBinding
	PragmaMalformDepends
	PragmaMalformLine
	PragmaOptset
	PragmaOptsetName
	PragmaScope
	PragmaUnused
	PredScalar
	PrintaAggarg
	PrintaAggbad
	PrintaAggkey
	PrintaAggproto
	PrintaProto
	PrintfAggConv
	PrintfArgExtra
	PrintfArgFmt
	PrintfArgProto
	PrintfArgType
	PrintfArgTypeAgg
	PrintfDynProto
	PrintfDynType
	PrintfFmtEmpty
	PrintAgg
	PrintSize
	ProcBadpid
	ProcBadpidTarget
	ProcFunc
	ProcGrab
	ProcLib
	ProcName
	ProcNameAddr
	ProcOff
	ProtoArg
	ProtoArgKey
	ProtoArgAggKey
	ProtoArgIncr
	ProtoArgIndex
	ProtoArgConst
	ProtoLen
	ProtoLenMin
	ProtoLenKey
	ProtoLenIndex
	ProtoLenMax
	ProtoLenAtMost
	RegsIdx
	SizeofBitfield
	SizeofType
	SpecComm
	SpecDrec
	SpecSpec
	StackSize
	StringofType
	StrNl
	SymBadref
	SymNotypes
	Syntax
	SyntaxEOF
	SyntaxNoBody
	SyntaxNoActions
	SyntaxFloat
	SyntaxPredParen
	SyntaxPredBracket
	SyntaxExtraParen
	SyntaxExtraBracket
	SyntaxNestedComment
	SyntaxCommentEOF
	SyntaxControlEOF
	SyntaxConvUndef
	SyntaxConvEnd
	SyntaxConvDots
	SyntaxConvStars
	SyntaxConvPositional
	SyntaxConvPercent
	SyntaxNested
	TracememAddr
	TracememDynsize
	TracememSize
	TraceDyn
	TraceVoid
	TruncAggarg
	TruncAggbad
	TypeMember
	UnknownUregs
	UnknownType
	UnknownMember
	UnknownOffset
	LimitFuncs
	LimitMaps
	LimitJump
	LimitTracemem
	LimitPrint
	LimitTrace
	LimitNSpec
	UnknownEnumerator
	UnsupportedDecl
	UnsupportedLibraryClause
	UnsupportedExpr
	UnsupportedMember
	UnsupportedOp
	UnsupportedKey
	UnsupportedFunc
	UnsupportedVarType
	UnsupportedStore
	UnsupportedAction
	UnsupportedExprCode
	UnsupportedStmt
	UnsupportedBuiltin
	UnsupportedInlineParam
	UnsupportedValue
	UnsupportedAllocaValue
	UnsupportedAddrof
	UnsupportedXlateValue
	UnsupportedPtrAssign
	UnsupportedBitfieldMem
	UnsupportedBitfieldVar
	UnsupportedKernelStore
	KernelExecargs
	KernelFsPath
	KernelUregs
	KernelDPath
	KernelProgenyof
	KernelLock
	KernelPpid
	KernelVtimestampSe
	KernelVtimestampRuntime
	InternalSubr
	InternalVar
	InternalInlineParam
	InternalXlateInput
	UstackFrames
	UstackStrsize
	VarUndef
	VarUndefSelf
	VarUndefThis
	XlateIncompat
	XlateMemb
	XlateNoconv
	XlateNone
	XlateRedecl
	XlateSou
	XlateSouIncomplete
	numMsgs
)
