extension Templates {
    /// A household's page: the day, then the form while answers are taken, else the answers
    /// read-only with the couple's contact line. Renders a `RSVPPageView`.
    static let rsvpPage = """
        {{> header}}
        <header>
        <p class="names">{{coupleNames}}</p>
        <h1>{{title}}</h1>
        {{#dateLine}}<p>{{dateLine}}</p>{{/dateLine}}
        {{#placeLine}}<p>{{placeLine}}</p>{{/placeLine}}
        </header>
        {{#form}}
        {{#deadlineLine}}<p>{{deadlineLine}}</p>{{/deadlineLine}}
        {{#hasErrors}}<p class="error" role="alert">Some answers need another look: see the notes below.</p>{{/hasErrors}}
        <form method="post" action="/r/{{token}}">
        <input type="hidden" name="form-token" value="{{formToken}}">
        {{#members}}
        <fieldset>
        <legend>{{name}}</legend>
        <fieldset class="choice"{{#attendanceError}} aria-describedby="{{attendanceField}}-error"{{/attendanceError}}>
        <legend>Will {{name}} come?</legend>
        <label><input type="radio" name="{{attendanceField}}" value="yes"{{#attendingYes}} checked{{/attendingYes}}> Yes, with pleasure</label>
        <label><input type="radio" name="{{attendanceField}}" value="no"{{#attendingNo}} checked{{/attendingNo}}> Sorry, cannot come</label>
        {{#attendanceError}}<p class="error" id="{{attendanceField}}-error">{{text}}</p>{{/attendanceError}}
        </fieldset>
        {{#meal}}{{> selectField}}{{/meal}}
        {{#dietary}}{{> textAreaField}}{{/dietary}}
        {{#plusOne}}
        <fieldset>
        <legend>{{legend}}</legend>
        {{#name}}{{> textField}}{{/name}}
        {{#meal}}{{> selectField}}{{/meal}}
        </fieldset>
        {{/plusOne}}
        </fieldset>
        {{/members}}
        {{#message}}{{> textAreaField}}{{/message}}
        <button type="submit">Send our answers</button>
        </form>
        {{/form}}
        {{#closed}}
        <p>{{closedLine}}</p>
        {{> answers}}
        {{#contactLine}}<p>{{contactLine}}</p>{{/contactLine}}
        {{/closed}}
        {{> footer}}
        """

    /// The confirmation after answering: the answers, the calendar file, a way back.
    static let thanksPage = """
        {{> header}}
        <h1>{{title}}</h1>
        <p>{{coupleNames}} have your answers.</p>
        {{> answers}}
        <p><a href="/r/{{token}}/wedding.ics">Add the day to your calendar</a></p>
        {{#canChange}}<p><a href="/r/{{token}}">Change your answers</a>{{#deadlineLine}} ({{deadlineLine}}){{/deadlineLine}}</p>{{/canChange}}
        {{> footer}}
        """

    /// The household's answers as a list (renders a page view's `answerLines` and `messageLine`).
    static let answers = """
        <ul class="answers">
        {{#answerLines}}<li>{{.}}</li>
        {{/answerLines}}</ul>
        {{#messageLine}}<p>{{messageLine}}</p>{{/messageLine}}

        """
}
