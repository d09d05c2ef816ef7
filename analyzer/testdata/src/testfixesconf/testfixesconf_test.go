package testfixesconf

const endpoint = "HTTP://example.com/x"
