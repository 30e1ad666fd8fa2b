import KioskCore
import KioskConfig
import KioskJournal
import KioskReports
import ArgumentParser
print("x")
