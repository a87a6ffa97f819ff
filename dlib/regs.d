/*
 * The names of uregs[]'s registers on x86-64. Registers 0 to 20 are
 * those the kernel saves in struct pt_regs on entry, in its order
 * (R_ERR is orig_ax: the system call number, or the error code of an
 * exception); the segment registers after them, and R_TRAPNO, are read
 * from the task's thread_struct.
 */

inline int R_R15 = 0;
#pragma D binding "1.0" R_R15
inline int R_R14 = 1;
#pragma D binding "1.0" R_R14
inline int R_R13 = 2;
#pragma D binding "1.0" R_R13
inline int R_R12 = 3;
#pragma D binding "1.0" R_R12
inline int R_RBP = 4;
#pragma D binding "1.0" R_RBP
inline int R_RBX = 5;
#pragma D binding "1.0" R_RBX
inline int R_R11 = 6;
#pragma D binding "1.0" R_R11
inline int R_R10 = 7;
#pragma D binding "1.0" R_R10
inline int R_R9 = 8;
#pragma D binding "1.0" R_R9
inline int R_R8 = 9;
#pragma D binding "1.0" R_R8
inline int R_RAX = 10;
#pragma D binding "1.0" R_RAX
inline int R_RCX = 11;
#pragma D binding "1.0" R_RCX
inline int R_RDX = 12;
#pragma D binding "1.0" R_RDX
inline int R_RSI = 13;
#pragma D binding "1.0" R_RSI
inline int R_RDI = 14;
#pragma D binding "1.0" R_RDI
inline int R_ERR = 15;
#pragma D binding "1.0" R_ERR
inline int R_RIP = 16;
#pragma D binding "1.0" R_RIP
inline int R_CS = 17;
#pragma D binding "1.0" R_CS
inline int R_RFL = 18;
#pragma D binding "1.0" R_RFL
inline int R_RSP = 19;
#pragma D binding "1.0" R_RSP
inline int R_SS = 20;
#pragma D binding "1.0" R_SS
inline int R_DS = 21;
#pragma D binding "1.0" R_DS
inline int R_ES = 22;
#pragma D binding "1.0" R_ES
inline int R_FS = 23;
#pragma D binding "1.0" R_FS
inline int R_GS = 24;
#pragma D binding "1.0" R_GS
inline int R_TRAPNO = 25;
#pragma D binding "1.0" R_TRAPNO

/* The 32-bit names, and the generic ones. */
inline int R_EAX = R_RAX;
#pragma D binding "1.0" R_EAX
inline int R_EBX = R_RBX;
#pragma D binding "1.0" R_EBX
inline int R_ECX = R_RCX;
#pragma D binding "1.0" R_ECX
inline int R_EDX = R_RDX;
#pragma D binding "1.0" R_EDX
inline int R_ESI = R_RSI;
#pragma D binding "1.0" R_ESI
inline int R_EDI = R_RDI;
#pragma D binding "1.0" R_EDI
inline int R_EBP = R_RBP;
#pragma D binding "1.0" R_EBP
inline int R_ESP = R_RSP;
#pragma D binding "1.0" R_ESP
inline int R_EIP = R_RIP;
#pragma D binding "1.0" R_EIP
inline int R_EFL = R_RFL;
#pragma D binding "1.0" R_EFL
inline int R_PC = R_RIP;
#pragma D binding "1.0" R_PC
inline int R_FP = R_RBP;
#pragma D binding "1.0" R_FP
inline int R_SP = R_RSP;
#pragma D binding "1.0" R_SP
inline int R_PS = R_RFL;
#pragma D binding "1.0" R_PS
inline int R_R0 = R_RAX;
#pragma D binding "1.0" R_R0
inline int R_R1 = R_RBX;
#pragma D binding "1.0" R_R1
