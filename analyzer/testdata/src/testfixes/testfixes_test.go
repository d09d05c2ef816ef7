package testfixes

const endpoint = "HTTP://example.com/x"
