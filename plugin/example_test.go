package plugin_test

import (
	"fmt"

	"github.com/urilint/urilint/plugin"
)

func ExampleNew() {
	// golangci-lint hands New the settings of .golangci.yml, decoded from
	// YAML into maps.
	p, err := plugin.New(map[string]any{"enable": []any{"empty-path"}, "tests": true})
	if err != nil {
		panic(err)
	}
	as, _ := p.BuildAnalyzers()
	fmt.Println(as[0].Name, p.GetLoadMode())

	_, err = plugin.New(map[string]any{"enabel": []any{"empty-path"}})
	fmt.Println(err)
	// Output:
	// urilint typesinfo
	// urilint settings: decoding settings: json: unknown field "enabel"
}
