module gen

go 1.19
