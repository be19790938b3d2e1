//go:build amd64 && gc && !purego

#include "textflag.h"

DATA mtConsts<>+0(SB)/4, $0x80000000  // upper mask
DATA mtConsts<>+4(SB)/4, $0x7fffffff  // lower mask
DATA mtConsts<>+8(SB)/4, $0x9908b0df  // matrix A
DATA mtConsts<>+12(SB)/4, $0x9d2c5680 // tempering mask B
DATA mtConsts<>+16(SB)/4, $0xefc60000 // tempering mask C
GLOBL mtConsts<>(SB), RODATA|NOPTR, $20

// func twistAVX2(dst, next, far *uint32, n int)
TEXT ·twistAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ next+8(FP), SI
	MOVQ far+16(FP), DX
	MOVQ n+24(FP), CX
	SHRQ $3, CX
	JZ   twistDone
	VPBROADCASTD mtConsts<>+0(SB), Y13
	VPBROADCASTD mtConsts<>+4(SB), Y14
	VPBROADCASTD mtConsts<>+8(SB), Y15

twistLoop:
	VMOVDQU (DI), Y0
	VMOVDQU (SI), Y1
	VPAND   Y13, Y0, Y0
	VPAND   Y14, Y1, Y1
	VPOR    Y1, Y0, Y0     // y = cur&upper | next&lower
	VPSLLD  $31, Y0, Y2
	VPSRAD  $31, Y2, Y2
	VPAND   Y15, Y2, Y2    // matrix A where y is odd
	VPSRLD  $1, Y0, Y0
	VPXOR   (DX), Y0, Y0
	VPXOR   Y2, Y0, Y0
	VMOVDQU Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, SI
	ADDQ    $32, DX
	DECQ    CX
	JNZ     twistLoop
	VZEROUPPER

twistDone:
	RET

// func acceptAVX2(src *uint32, chunks int, dst *uint32, order *[256]uint64) int
TEXT ·acceptAVX2(SB), NOSPLIT, $0-40
	MOVQ src+0(FP), SI
	MOVQ chunks+8(FP), CX
	MOVQ dst+16(FP), DI
	MOVQ order+24(FP), R8
	XORQ BX, BX
	TESTQ CX, CX
	JZ   acceptDone
	VPBROADCASTD mtConsts<>+12(SB), Y14
	VPBROADCASTD mtConsts<>+16(SB), Y15

acceptLoop:
	VMOVDQU (SI), Y0               // a0 b0 a1 b1 | a2 b2 a3 b3
	VMOVDQU 32(SI), Y1             // a4 b4 a5 b5 | a6 b6 a7 b7
	VSHUFPS $0x88, Y1, Y0, Y2      // lows:  a0 a1 a4 a5 | a2 a3 a6 a7
	VSHUFPS $0xdd, Y1, Y0, Y3      // highs: b0 b1 b4 b5 | b2 b3 b6 b7

	// Top bit of temper(b) is bit 31 of b ^ b<<4 ^ b<<7 ^ b<<15.
	VPSLLD    $4, Y3, Y4
	VPSLLD    $7, Y3, Y5
	VPSLLD    $15, Y3, Y6
	VPXOR     Y4, Y3, Y4
	VPXOR     Y6, Y5, Y5
	VPXOR     Y5, Y4, Y4
	VMOVMSKPS Y4, AX
	XORL      $0xff, AX            // lanes whose attempt is accepted

	// temper the lows
	VPSRLD $11, Y2, Y4
	VPXOR  Y4, Y2, Y2
	VPSLLD $7, Y2, Y4
	VPAND  Y14, Y4, Y4
	VPXOR  Y4, Y2, Y2
	VPSLLD $15, Y2, Y4
	VPAND  Y15, Y4, Y4
	VPXOR  Y4, Y2, Y2
	VPSRLD $18, Y2, Y4
	VPXOR  Y4, Y2, Y2

	// move the accepted lanes to the front, in draw order, and store all 8
	VPMOVZXBD (R8)(AX*8), Y5
	VPERMD    Y2, Y5, Y2
	VMOVDQU   Y2, (DI)(BX*4)
	POPCNTL   AX, AX
	ADDQ      AX, BX

	ADDQ $64, SI
	DECQ CX
	JNZ  acceptLoop
	VZEROUPPER

acceptDone:
	MOVQ BX, ret+32(FP)
	RET

DATA seedConsts<>+0(SB)/4, $1664525    // first pass multiplier
DATA seedConsts<>+4(SB)/4, $1566083941 // second pass multiplier
DATA seedConsts<>+8(SB)/4, $1
DATA seedConsts<>+12(SB)/4, $0x80000000
GLOBL seedConsts<>(SB), RODATA|NOPTR, $16

// func seedLanesAVX2(rows *[mtN][seedLanes]uint32, keys *[seedLanes]uint32, base *[mtN]uint32)
//
// The steps follow mt19937.seedKey for a one-word key: the first pass runs
// 624 times from word 1 (wrapping once, so word 1 is done twice), the
// second 623 times from word 2 (wrapping once again).
TEXT ·seedLanesAVX2(SB), NOSPLIT, $0-24
	MOVQ rows+0(FP), DI
	MOVQ keys+8(FP), SI
	MOVQ base+16(FP), BX
	VMOVDQU      (SI), Y15                 // the keys
	VPBROADCASTD seedConsts<>+0(SB), Y14
	VPBROADCASTD seedConsts<>+4(SB), Y13
	VPBROADCASTD seedConsts<>+8(SB), Y12
	VPBROADCASTD (BX), Y0                  // previous word: base[0]
	MOVQ         $1, CX
	MOVQ         $32, AX                   // byte offset of row CX

firstPass:
	VPSRLD       $30, Y0, Y1
	VPXOR        Y1, Y0, Y1
	VPMULLD      Y14, Y1, Y1
	VPBROADCASTD (BX)(CX*4), Y2
	VPXOR        Y2, Y1, Y1
	VPADDD       Y15, Y1, Y0               // + key[0] (+ j, which stays 0)
	VMOVDQU      Y0, (DI)(AX*1)
	ADDQ         $32, AX
	INCQ         CX
	CMPQ         CX, $624
	JNE          firstPass
	VMOVDQU      Y0, (DI)                  // wrap: word 0 = word 623
	VPSRLD       $30, Y0, Y1
	VPXOR        Y1, Y0, Y1
	VPMULLD      Y14, Y1, Y1
	VPXOR        32(DI), Y1, Y1
	VPADDD       Y15, Y1, Y0
	VMOVDQU      Y0, 32(DI)                // word 1 again

	VPADDD Y12, Y12, Y11                   // i = 2, in every lane
	MOVQ   $2, CX
	MOVQ   $64, AX

secondPass:
	VPSRLD  $30, Y0, Y1
	VPXOR   Y1, Y0, Y1
	VPMULLD Y13, Y1, Y1
	VPXOR   (DI)(AX*1), Y1, Y1
	VPSUBD  Y11, Y1, Y0                    // - i
	VMOVDQU Y0, (DI)(AX*1)
	VPADDD  Y12, Y11, Y11
	ADDQ    $32, AX
	INCQ    CX
	CMPQ    CX, $624
	JNE     secondPass
	VMOVDQU Y0, (DI)                       // wrap: word 0 = word 623
	VPSRLD  $30, Y0, Y1
	VPXOR   Y1, Y0, Y1
	VPMULLD Y13, Y1, Y1
	VPXOR   32(DI), Y1, Y1
	VPSUBD  Y12, Y1, Y0                    // - 1
	VMOVDQU Y0, 32(DI)

	VPBROADCASTD seedConsts<>+12(SB), Y0
	VMOVDQU      Y0, (DI)                  // word 0 = 0x80000000
	VZEROUPPER
	RET

