//go:build amd64 && !purego

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

// func oetAVX2(a *uint32, vecs, rounds int)
TEXT ·oetAVX2(SB), NOSPLIT, $0-24
	MOVQ  a+0(FP), DI
	MOVQ  vecs+8(FP), R8
	MOVQ  rounds+16(FP), R9
	TESTQ R8, R8
	JZ    oetDone
	TESTQ R9, R9
	JZ    oetDone
	XORQ  R10, R10                // byte offset of the round: 0 even, 4 odd

oetRound:
	LEAQ (DI)(R10*1), SI
	MOVQ R8, CX

oetVector:
	VMOVDQU  (SI), Y0
	VPSHUFD  $0xb1, Y0, Y1        // swap the two values of each pair
	VPMINUD  Y1, Y0, Y2
	VPMAXUD  Y1, Y0, Y3
	VPBLENDD $0xaa, Y3, Y2, Y0    // smaller first, larger second
	VMOVDQU  Y0, (SI)
	ADDQ     $32, SI
	DECQ     CX
	JNZ      oetVector
	XORQ     $4, R10
	DECQ     R9
	JNZ      oetRound
	VZEROUPPER

oetDone:
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

// func compactBelowAVX2(vals, idx *uint32, vecs int, m uint32, order *[256]uint64) int
TEXT ·compactBelowAVX2(SB), NOSPLIT, $0-48
	MOVQ vals+0(FP), SI
	MOVQ idx+8(FP), DX
	MOVQ vecs+16(FP), CX
	MOVQ order+32(FP), R8
	MOVQ SI, DI                      // write positions trail the reads
	MOVQ DX, R9
	XORQ BX, BX
	TESTQ CX, CX
	JZ   compactDone
	MOVL         m+24(FP), AX
	MOVQ         AX, X15
	VPBROADCASTD X15, Y15

compactLoop:
	VMOVDQU   (DX), Y0               // draw indexes (all far below 2**31)
	VMOVDQU   (SI), Y1
	VPCMPGTD  Y0, Y15, Y2            // m > idx
	VMOVMSKPS Y2, AX
	VPMOVZXBD (R8)(AX*8), Y3
	VPERMD    Y0, Y3, Y0
	VPERMD    Y1, Y3, Y1
	VMOVDQU   Y0, (R9)(BX*4)
	VMOVDQU   Y1, (DI)(BX*4)
	POPCNTL   AX, AX
	ADDQ      AX, BX
	ADDQ      $32, SI
	ADDQ      $32, DX
	DECQ      CX
	JNZ       compactLoop
	VZEROUPPER

compactDone:
	MOVQ BX, ret+40(FP)
	RET

// func countBuckets(src *uint32, n int, counts *uint16, shift uint)
// counts[x>>shift]++ for every x in src[:n] (shift in 1..31).
TEXT ·countBuckets(SB), NOSPLIT, $0-32
	MOVQ  src+0(FP), SI
	MOVQ  n+8(FP), DX
	MOVQ  counts+16(FP), DI
	MOVQ  shift+24(FP), CX
	TESTQ DX, DX
	JZ    countDone

countLoop:
	MOVL (SI), AX
	SHRL CX, AX
	INCW (DI)(AX*2)
	ADDQ $4, SI
	DECQ DX
	JNZ  countLoop

countDone:
	RET

// func dealIndexed(src *uint32, n int, next *uint16, shift uint, vals, idx *uint32)
// For i in 0..n-1: x = src[i], p = next[x>>shift]++; vals[p] = x; idx[p] = i.
TEXT ·dealIndexed(SB), NOSPLIT, $0-48
	MOVQ  src+0(FP), SI
	MOVQ  n+8(FP), DX
	MOVQ  next+16(FP), DI
	MOVQ  shift+24(FP), CX
	MOVQ  vals+32(FP), R10
	MOVQ  idx+40(FP), R11
	XORQ  R8, R8
	TESTQ DX, DX
	JZ    dealDone

dealLoop:
	MOVL    (SI)(R8*4), AX
	MOVL    AX, BX
	SHRL    CX, BX
	MOVWLZX (DI)(BX*2), R9
	MOVL    AX, (R10)(R9*4)
	MOVL    R8, (R11)(R9*4)
	INCL    R9
	MOVW    R9, (DI)(BX*2)
	INCQ    R8
	CMPQ    R8, DX
	JNE     dealLoop

dealDone:
	RET

// func startsAVX2(counts *uint16, vecs int) (fullest uint16)
// Replaces counts[:16*vecs] by their exclusive prefix sums (bucket starts)
// and returns the largest count.
TEXT ·startsAVX2(SB), NOSPLIT, $0-18
	MOVQ   counts+0(FP), DI
	MOVQ   vecs+8(FP), CX
	VPXOR  Y8, Y8, Y8                // running total, in every word
	VPXOR  Y9, Y9, Y9                // largest count, per word

startsLoop:
	VMOVDQU     (DI), Y0
	VPMAXUW     Y0, Y9, Y9
	VPSLLDQ     $2, Y0, Y1           // inclusive sums within each 128-bit half
	VPADDW      Y1, Y0, Y1
	VPSLLDQ     $4, Y1, Y2
	VPADDW      Y2, Y1, Y1
	VPSLLDQ     $8, Y1, Y2
	VPADDW      Y2, Y1, Y1
	VPSHUFHW    $0xff, Y1, Y2        // each half's total, in its top 4 words
	VPSHUFD     $0xff, Y2, Y2        // ... in all its words
	VPERM2I128  $0x08, Y2, Y2, Y2    // the low half's total, moved to the high half
	VPADDW      Y2, Y1, Y1
	VPADDW      Y8, Y1, Y1           // + everything before this vector
	VPSUBW      Y0, Y1, Y2           // exclusive
	VMOVDQU     Y2, (DI)
	VPSHUFHW    $0xff, Y1, Y2
	VPSHUFD     $0xff, Y2, Y2
	VPERMQ      $0xff, Y2, Y8        // new running total
	ADDQ        $32, DI
	DECQ        CX
	JNZ         startsLoop

	VEXTRACTI128 $1, Y9, X1          // fold the per-word maxima
	VPMAXUW      X1, X9, X9
	VPSHUFD      $0x4e, X9, X1
	VPMAXUW      X1, X9, X9
	VPSHUFD      $0xb1, X9, X1
	VPMAXUW      X1, X9, X9
	VPSRLD       $16, X9, X1
	VPMAXUW      X1, X9, X9
	VMOVD        X9, AX
	MOVW         AX, ret+16(FP)
	VZEROUPPER
	RET

// func sumClassesAVX2(points *uint32, quads int, acc *uint64, accLen int)
// acc[t] += points[j] for j < 4*quads, t = j mod accLen (a multiple of 4).
TEXT ·sumClassesAVX2(SB), NOSPLIT, $0-32
	MOVQ  points+0(FP), SI
	MOVQ  quads+8(FP), CX
	MOVQ  acc+16(FP), DI
	MOVQ  accLen+24(FP), R8
	SHLQ  $3, R8                     // bytes in acc
	XORQ  BX, BX                     // byte offset into acc
	TESTQ CX, CX
	JZ    sumDone

sumLoop:
	VPMOVZXDQ (SI), Y0
	VPADDQ    (DI)(BX*1), Y0, Y0
	VMOVDQU   Y0, (DI)(BX*1)
	ADDQ      $16, SI
	ADDQ      $32, BX
	XORQ      AX, AX
	CMPQ      BX, R8
	CMOVQEQ   AX, BX
	DECQ      CX
	JNZ       sumLoop
	VZEROUPPER

sumDone:
	RET

// func findDescentAVX2(a *uint32, from, n int) int
TEXT ·findDescentAVX2(SB), NOSPLIT, $0-32
	MOVQ a+0(FP), SI
	MOVQ from+8(FP), BX
	MOVQ n+16(FP), DX
	LEAQ -1(DX), R8                  // pairs start below n-1

descentLoop:
	CMPQ      BX, R8
	JGE       descentNone
	VMOVDQU   (SI)(BX*4), Y0
	VMOVDQU   4(SI)(BX*4), Y1
	VPMAXUD   Y1, Y0, Y2
	VPCMPEQD  Y1, Y2, Y2             // a[k+1] is the larger: in order
	VMOVMSKPS Y2, AX
	XORL      $0xff, AX
	JNZ       descentFound
	ADDQ      $8, BX
	JMP       descentLoop

descentFound:
	BSFL AX, AX
	ADDQ AX, BX
	MOVQ BX, ret+24(FP)
	VZEROUPPER
	RET

descentNone:
	MOVQ DX, ret+24(FP)
	VZEROUPPER
	RET
