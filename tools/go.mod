module github.com/ashtapada/ashtapada/tools

go 1.26.8
