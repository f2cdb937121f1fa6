extension Templates {
    /// The one stylesheet (`/static/site.css`): readable on a phone, large touch targets, visible focus.
    static let siteStylesheet = """
        *{box-sizing:border-box}
        body{margin:0;font:1.05rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;background:#faf7f2}
        main{max-width:40rem;margin:0 auto;padding:1rem}
        h1{font-size:1.6rem;margin:.2rem 0 .6rem}
        .names{font-size:1.2rem;margin:0}
        fieldset{border:1px solid #cbbfae;border-radius:.4rem;margin:1rem 0;padding:.6rem .9rem;background:#fff}
        fieldset.choice{border:0;padding:0;margin:.4rem 0;background:none}
        legend{font-weight:600;padding:0 .3rem}
        label{display:block;margin:.3rem 0}
        .field{margin:.6rem 0}
        input[type=text],select,textarea{display:block;width:100%;font:inherit;padding:.5rem;border:1px solid #8a7f70;border-radius:.3rem;background:#fff}
        input[type=radio]{width:1.2rem;height:1.2rem;vertical-align:middle}
        button{font:inherit;padding:.7rem 1.4rem;border:0;border-radius:.4rem;background:#5b3a29;color:#fff}
        :focus-visible{outline:3px solid #1a5fb4;outline-offset:2px}
        .error{color:#a4000f;font-weight:600}
        [aria-invalid=true]{border-color:#a4000f}
        a{color:#1a5fb4}

        """
}
