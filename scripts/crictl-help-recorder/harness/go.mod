module h

go 1.19

require (
	github.com/cpuguy83/go-md2man/v2 v2.0.7
	github.com/russross/blackfriday/v2 v2.1.0
	github.com/urfave/cli/v2 v2.27.7
	github.com/xrash/smetrics v0.0.0-20240521201337-686a1a2994c1
)
