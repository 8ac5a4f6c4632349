"""`spadespec page`: one ruleset's page, standing alone in a folder. What it changes against its
parent and every rule with its citations (`rules_html`), the cases the suite runs for it
(`cases`), its simulated figures beside its parent's (`simulated`), the page that holds them
(`page_html`, styled by `page.css` and the site's stylesheet) and the command (`cli`)."""
