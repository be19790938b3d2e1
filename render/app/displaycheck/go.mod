module displaycheck

go 1.26.0
