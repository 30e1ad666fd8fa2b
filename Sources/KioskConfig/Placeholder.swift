enum PlaceholderKioskConfig {}
