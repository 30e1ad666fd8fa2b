enum PlaceholderKioskReports {}
