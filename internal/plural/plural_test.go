package plural

import (
	"fmt"
	"testing"
)

func TestOf(t *testing.T) {
	for _, tt := range []struct {
		n    int
		noun string
		want string
	}{
		{0, "link", "0 links"},
		{1, "file", "1 file"},
		{2, "file", "2 files"},
		{-1, "run", "-1 runs"},
		{12, "input error", "12 input errors"},
		{1, "more finding", "1 more finding"},
	} {
		if got := Of(tt.n, tt.noun); got != tt.want {
			t.Errorf("Of(%d, %q) = %q, want %q", tt.n, tt.noun, got, tt.want)
		}
	}
}

func ExampleOf() {
	fmt.Println(Of(1, "file") + ", " + Of(3, "link"))
	// Output: 1 file, 3 links
}
