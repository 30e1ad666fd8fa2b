enum PlaceholderKioskJournal {}
