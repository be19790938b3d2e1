//go:build amd64 && gc && !purego

#include "textflag.h"

// The loops of countBuckets, dealIndexed and sumClassesAVX2 start
// at a 16-byte boundary (PCALIGN): without it their speed, and a table's by
// about 2%, varied with where the linker happened to place the function.

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

	PCALIGN $16

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

	PCALIGN $16

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

	PCALIGN $16

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
