package outline

// AppCharacters are the characters vnodes prints with its own fonts: printable
// ASCII, Latin-1 (accented letters, ×, ÷, ±, ², ³) and the other symbols
// its labels use. assets' tests scan the app's source for
// any character missing here.
func AppCharacters() []rune {
	var rs []rune
	for r := rune(0x20); r < 0x7F; r++ {
		rs = append(rs, r)
	}
	for r := rune(0xA0); r <= 0xFF; r++ {
		rs = append(rs, r)
	}
	return append(rs, []rune("‘’“”•–—…‹›−√≈≤≥∞→←↑↓↔επ")...)
}
