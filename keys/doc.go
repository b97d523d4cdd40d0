package keys
