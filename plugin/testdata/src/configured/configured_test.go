package configured

import "net/http"

func getInTest() {
	http.Get("http://exa mple.com/") // want `"http://exa mple.com/" is not a valid URI reference`
}
