package model_test

import "vnodes/render/views"

// reg is the app's registry: the tests run it as the app does.
var reg = views.All
