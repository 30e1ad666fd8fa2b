extension ConsoleTemplates {
    /// Any day's report, as the JSON report has it, with its downloads.
    static let dayReport = """
        {{<layout}}{{$content}}
        <form class="noprint" method="get" action="/report">
        <input type="hidden" name="property" value="{{propertyID}}">
        <label>Date <input type="date" name="date" value="{{date}}" required></label> <button type="submit">Show</button>
        </form>
        <p class="downloads">Download <a href="/report.csv?{{query}}">CSV</a> <a href="/report.html?{{query}}">HTML</a> <a href="/report.json?{{query}}">JSON</a></p>
        <p class="muted">Attendance day {{date}} · curfew {{curfew}} · evaluated at {{evaluatedAt}} · last batch received {{lastSyncedAt}}</p>
        {{>counts}}
        <div class="table"><table id="students">
        <thead><tr><th>ID</th><th>Name</th><th>Room</th><th>Status</th><th>First in</th><th>Last out</th><th class="num">Taps</th><th>Late</th></tr></thead>
        <tbody>{{#students}}<tr><td>{{id}}</td><td><a href="{{link}}">{{name}}</a></td><td>{{room}}</td><td>{{status}}</td><td>{{firstIn}}</td><td>{{lastOut}}</td><td class="num">{{taps}}</td><td>{{late}}</td></tr>{{/students}}</tbody>
        </table></div>
        <h2>Unknown cards</h2>
        {{^unknown}}<p class="empty">None.</p>{{/unknown}}
        {{#hasUnknown}}<div class="table"><table id="unknown">
        <thead><tr><th>UID</th><th class="num">Reads</th><th>Last seen</th></tr></thead>
        <tbody>{{#unknown}}<tr><td>{{uid}}</td><td class="num">{{reads}}</td><td>{{lastSeen}}</td></tr>{{/unknown}}</tbody>
        </table></div>{{/hasUnknown}}
        {{/content}}{{/layout}}
        """

    /// The monthly sheet: students × days, one letter a day, totals per student and per day.
    static let month = """
        {{<layout}}{{$content}}
        <p class="noprint"><a href="/month?{{previousQuery}}">← {{previous}}</a> · <a href="/month?{{nextQuery}}">{{next}} →</a>
        · <a href="/month.csv?{{query}}">Download CSV</a></p>
        <p class="muted">P present · L late (in after curfew) · N not returned · A absent · V on leave</p>
        <div class="table"><table class="sheet" id="sheet">
        <thead><tr><th>Student</th>{{#days}}<th>{{day}}</th>{{/days}}<th>P</th><th>L</th><th>N</th><th>A</th><th>V</th></tr></thead>
        <tbody>{{#rows}}<tr><td><a href="{{link}}">{{name}}</a> <span class="muted">{{room}}</span></td>{{#cells}}<td>{{letter}}</td>{{/cells}}{{#totals}}<td>{{value}}</td>{{/totals}}</tr>{{/rows}}</tbody>
        <tfoot><tr><th>Present</th>{{#days}}<td>{{present}}</td>{{/days}}<td></td><td></td><td></td><td></td><td></td></tr></tfoot>
        </table></div>
        {{/content}}{{/layout}}
        """
}
