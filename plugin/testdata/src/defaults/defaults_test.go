package defaults

import "net/http"

func getInTest() {
	http.Get("http://exa mple.com/") // test files are not checked by default
}
