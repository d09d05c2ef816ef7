package testfixes

const upper = "HTTP://example.com/x"
