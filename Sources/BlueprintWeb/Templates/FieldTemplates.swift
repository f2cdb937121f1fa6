extension Templates {
    // Each field partial renders a `FieldView`: a label tied to its control, and its error
    // (if any) right after it, named by the control's `aria-describedby`.

    static let textField = """
        <div class="field">
        <label for="{{id}}">{{label}}</label>
        <input type="text" id="{{id}}" name="{{name}}" value="{{value}}" maxlength="{{limit}}" autocomplete="off"\
        {{#error}} aria-invalid="true" aria-describedby="{{id}}-error"{{/error}}>
        {{#error}}<p class="error" id="{{id}}-error">{{text}}</p>{{/error}}
        </div>

        """

    static let textAreaField = """
        <div class="field">
        <label for="{{id}}">{{label}}</label>
        <textarea id="{{id}}" name="{{name}}" rows="3" maxlength="{{limit}}"\
        {{#error}} aria-invalid="true" aria-describedby="{{id}}-error"{{/error}}>{{value}}</textarea>
        {{#error}}<p class="error" id="{{id}}-error">{{text}}</p>{{/error}}
        </div>

        """

    static let selectField = """
        <div class="field">
        <label for="{{id}}">{{label}}</label>
        <select id="{{id}}" name="{{name}}"{{#error}} aria-invalid="true" aria-describedby="{{id}}-error"{{/error}}>
        {{#options}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{label}}</option>
        {{/options}}</select>
        {{#error}}<p class="error" id="{{id}}-error">{{text}}</p>{{/error}}
        </div>

        """
}
