extension ConsoleTemplates {
    /// Today: the live part is `today-body`, sent again over server-sent events whenever the day changes; between,
    /// each heartbeat moves the times it is shown as of (`as-of`).
    static let today = """
        {{<layout}}{{$content}}
        <p><span id="live-state" class="live ok">Live</span> <span class="muted">Attendance day {{date}} · curfew {{curfew}} · as of <span class="as-of">{{evaluatedAt}}</span></span></p>
        <div id="today" data-live="/live?property={{propertyID}}">
        {{>today-body}}
        </div>
        {{/content}}{{/layout}}
        """

    /// A report's counts.
    static let counts = """
        <ul class="counts">
        <li class="good"><b>{{summary.checkedIn}}</b>In</li>
        <li><b>{{summary.checkedOut}}</b>Out</li>
        <li class="bad"><b>{{summary.notReturned}}</b>Not returned</li>
        <li class="warn"><b>{{summary.absent}}</b>Absent</li>
        <li><b>{{summary.onLeave}}</b>On leave</li>
        <li class="warn"><b>{{summary.late}}</b>Late</li>
        <li><b>{{summary.total}}</b>Total</li>
        </ul>
        """

    /// The counts, who is not back, who is out, late arrivals and the newest taps.
    static let todayBody = """
        {{>counts}}
        <p class="muted">As of <span class="as-of">{{evaluatedAt}}</span></p>
        {{#groups}}
        <h2>{{heading}}</h2>
        {{^rows}}<p class="empty">Nobody.</p>{{/rows}}
        {{#hasRows}}<div class="table"><table id="{{id}}">
        <thead><tr><th>Name</th><th>Room</th><th>Gate</th><th>{{timeHeading}}</th></tr></thead>
        <tbody>{{#rows}}<tr><td><a href="{{link}}">{{name}}</a></td><td>{{room}}</td><td>{{gate}}</td><td>{{time}}</td></tr>{{/rows}}</tbody>
        </table></div>{{/hasRows}}
        {{/groups}}
        <h2>Latest taps</h2>
        {{^latest}}<p class="empty">No taps yet.</p>{{/latest}}
        {{#hasLatest}}<div class="table"><table id="latest">
        <thead><tr><th>Time</th><th>Who</th><th>Outcome</th><th>Gate</th></tr></thead>
        <tbody>{{#latest}}<tr><td>{{time}}</td><td>{{#link}}<a href="{{link}}">{{who}}</a>{{/link}}{{^link}}{{who}}{{/link}}</td><td>{{outcome}}</td><td>{{gate}}</td></tr>{{/latest}}</tbody>
        </table></div>{{/hasLatest}}
        """
}
