extension Templates {
    /// The top of every page: language, phone viewport, the one stylesheet, no script.
    static let header = """
        <!DOCTYPE html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex, nofollow">
        <title>{{title}}</title>
        <link rel="stylesheet" href="/static/site.css">
        </head>
        <body>
        <main>

        """

    static let footer = """
        </main>
        </body>
        </html>

        """

    /// A page with a heading and a line: the errors (404, 403, 413, 429, 500, ...).
    static let messagePage = """
        {{> header}}
        <h1>{{title}}</h1>
        <p>{{text}}</p>
        {{> footer}}
        """
}
