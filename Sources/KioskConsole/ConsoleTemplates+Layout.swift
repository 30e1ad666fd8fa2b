extension ConsoleTemplates {
    /// The document's start, up to the body: `pageTitle` names it.
    static let head = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{pageTitle}}</title>
        <link rel="stylesheet" href="/console/console.css">
        </head>
        """

    /// The page around every signed-in page: navigation, the property in the heading, sign-out.
    static let layout = """
        {{>head}}
        <body>
        <header class="bar">
        <nav aria-label="Pages">
        {{#nav}}<a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{label}}</a>
        {{/nav}}
        </nav>
        <form method="post" action="/logout"><input type="hidden" name="csrf" value="{{csrf}}"><button class="quiet" type="submit">Sign out {{userName}}</button></form>
        </header>
        <main>
        <h1>{{propertyName}}: {{title}}</h1>
        {{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}
        {{#problem}}<p class="notice error" role="alert">{{problem}}</p>{{/problem}}
        {{$content}}{{/content}}
        </main>
        <script src="/console/console.js" defer></script>
        </body>
        </html>

        """

    /// A page for a refused or failed request, without the signed-in navigation.
    static let error = """
        {{>head}}
        <body>
        <main>
        <h1>{{status}}</h1>
        <p class="notice error" role="alert">{{message}}</p>
        <p><a href="/">Today</a> · <a href="/login">Sign in</a></p>
        </main>
        </body>
        </html>

        """

    /// The sign-in form.
    static let login = """
        {{>head}}
        <body>
        <main>
        <h1>{{hubName}}: sign in</h1>
        {{#problem}}<p class="notice error" role="alert">{{problem}}</p>{{/problem}}
        <form class="stack" method="post" action="/login">
        <label>User name <input name="username" autocomplete="username" required value="{{username}}"></label>
        <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
        <button type="submit">Sign in</button>
        </form>
        </main>
        </body>
        </html>

        """
}
