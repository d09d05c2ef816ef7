package testfixesconf

const upper = "HTTP://example.com/x"
