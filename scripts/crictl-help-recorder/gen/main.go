// Prints crictl's package-level cli values (commands, command slices, flag slices) with only
// the fields urfave's help reads, as Go source for a harness.
package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

var drop = map[string]bool{"Action": true, "Before": true, "After": true, "BashComplete": true, "OnUsageError": true}

func main() {
	fset := token.NewFileSet()
	files, _ := filepath.Glob(os.Args[1] + "/*.go")
	var out bytes.Buffer
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.Contains(f, "main_") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			panic(err)
		}
		for _, d := range file.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				if len(vs.Values) != 1 {
					continue
				}
				var b bytes.Buffer
				printer.Fprint(&b, fset, vs.Values[0])
				src := b.String()
				if !strings.HasPrefix(src, "&cli.Command{") && !strings.HasPrefix(src, "[]*cli.Command{") && !strings.HasPrefix(src, "[]cli.Flag{") {
					continue
				}
				ast.Inspect(vs.Values[0], func(n ast.Node) bool {
					if cl, ok := n.(*ast.CompositeLit); ok {
						var kept []ast.Expr
						for _, e := range cl.Elts {
							if kv, ok := e.(*ast.KeyValueExpr); ok {
								if id, ok := kv.Key.(*ast.Ident); ok && drop[id.Name] {
									continue
								}
							}
							kept = append(kept, e)
						}
						cl.Elts = kept
					}
					return true
				})
				b.Reset()
				printer.Fprint(&b, fset, vs.Values[0])
				fmt.Fprintf(&out, "var %s = %s\n\n", vs.Names[0].Name, b.String())
			}
		}
	}
	os.Stdout.Write(out.Bytes())
}
