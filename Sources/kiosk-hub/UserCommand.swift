import ArgumentParser
import Foundation
import KioskCore
import KioskHub
import KioskHubStorage

/// `kiosk-hub user create|list|disable|password`: the web console's accounts, passwords kept only as bcrypt hashes.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Create, list and disable the web console's users, and set their passwords.",
        subcommands: [Create.self, List.self, Disable.self, Password.self]
    )

    /// The web console roles `--role` takes.
    enum RoleName: String, ExpressibleByArgument, CaseIterable {
        case warden
        case `operator`
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a warden of one property or the chain's operator; without --password-stdin a password is generated and printed once."
        )

        @OptionGroup var options: HubOptions

        @Argument(help: ArgumentHelp("1 to 64 letters, digits, '.', '_', '-' or '@'.", valueName: "name"))
        var name: String

        @Option(help: ArgumentHelp("warden (of --property) or operator (every property).", valueName: "role"))
        var role: RoleName

        @Option(help: ArgumentHelp("The property a warden looks after.", valueName: "id"))
        var property: String?

        @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input.")
        var passwordFromStandardInput = false

        func validate() throws {
            if let problem = HubUser.nameProblem(name) { throw ValidationError(problem) }
            switch (role, property) {
            case (.warden, nil): throw ValidationError("a warden looks after one property: give --property ID")
            case (.operator, .some): throw ValidationError("an operator sees every property: leave out --property")
            default: break
            }
        }

        func run() async throws {
            let password = passwordFromStandardInput ? try PasswordInput.read() : nil
            let (name, role) = (self.name, property.map { HubUser.Role.warden(property: $0) } ?? .chainOperator)
            let generated = try await options.withStore { _, store in try await store.createUser(name: name, role: role, password: password) }
            PasswordInput.announce(generated, for: name, action: "created user '\(name)'")
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List users: name, role, property, state, creation time (never a password).")

        @OptionGroup var options: HubOptions

        func run() async throws {
            for user in try await options.withStore({ _, store in try await store.users() }) {
                let (role, property) =
                    switch user.role {
                    case .warden(let property): ("warden", property)
                    case .chainOperator: ("operator", "-")
                    }
                let state = user.disabled ? "disabled" : "active"
                print("\(user.name)\t\(role)\t\(property)\t\(state)\t\(user.createdAt.formatted(Date.ISO8601FormatStyle()))")
            }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable a user: they can no longer sign in.")

        @OptionGroup var options: HubOptions

        @Argument(help: ArgumentHelp("The user's name.", valueName: "name"))
        var name: String

        func run() async throws {
            let name = self.name
            try await options.withStore { _, store in try await store.disableUser(named: name) }
            print("disabled user '\(name)'")
        }
    }

    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set a user's password; without --password-stdin a new one is generated and printed once."
        )

        @OptionGroup var options: HubOptions

        @Argument(help: ArgumentHelp("The user's name.", valueName: "name"))
        var name: String

        @Flag(name: .customLong("password-stdin"), help: "Read the password from the first line of standard input.")
        var passwordFromStandardInput = false

        func run() async throws {
            let password = passwordFromStandardInput ? try PasswordInput.read() : nil
            let name = self.name
            let generated = try await options.withStore { _, store in try await store.setPassword(password, forUser: name) }
            PasswordInput.announce(generated, for: name, action: "set the password of '\(name)'")
        }
    }
}

/// Passwords in and out of the user commands: read from standard input, or generated and printed once.
enum PasswordInput {
    /// Standard input, one line (its line break, if any, is not part of the password); more lines, or bytes that are
    /// not UTF-8, are refused rather than dropped or cut.
    static func read() throws(KioskError) -> String {
        let bytes = (try? FileHandle.standardInput.readToEnd()) ?? Data()
        guard !bytes.isEmpty else { throw KioskError(.noInput, "--password-stdin: standard input is empty") }
        guard var text = String(validating: bytes, as: UTF8.self) else {
            throw KioskError(.dataError, "--password-stdin: standard input is not UTF-8 text")
        }
        if text.last == "\n" || text.last == "\r\n" { text.removeLast() }
        guard !text.contains(where: \.isNewline) else {
            throw KioskError(.dataError, "--password-stdin: standard input holds more than one line; give the password alone on one line")
        }
        return text
    }

    /// Says what was done; a generated password follows alone on the last line.
    static func announce(_ generated: String?, for name: String, action: String) {
        guard let generated else {
            print(action)
            return
        }
        print("\(action); the password is shown only now, give it to \(name):")
        print(generated)
    }
}
