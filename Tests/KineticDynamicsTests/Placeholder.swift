// Replaced by the solver and behaviour tests.
