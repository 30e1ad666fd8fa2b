extension ConsoleTemplates {
    /// Leave passes: grant one, and the current and coming ones with a cancel button each.
    static let passes = """
        {{<layout}}{{$content}}
        <h2>Grant a pass</h2>
        <form class="stack" method="post" action="/passes">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="property" value="{{propertyID}}">
        <label>Student <select name="studentId" required>{{#students}}<option value="{{id}}">{{id}} {{name}} ({{room}})</option>{{/students}}</select></label>
        <label>From ({{timezone}}) <input type="datetime-local" name="from" value="{{now}}" required></label>
        <label>Until ({{timezone}}) <input type="datetime-local" name="until" required></label>
        <label>Reason <input name="reason" required maxlength="500"></label>
        <button type="submit">Grant</button>
        </form>
        <h2>Current and coming passes</h2>
        {{^passes}}<p class="empty">None.</p>{{/passes}}
        {{#hasPasses}}<div class="table"><table id="passes"><thead><tr><th>Student</th><th>From</th><th>Until</th><th>Reason</th><th></th></tr></thead><tbody>
        {{#passes}}<tr><td><a href="{{link}}">{{name}}</a></td><td>{{from}}</td><td>{{until}}</td><td>{{reason}}</td><td><form class="inline" method="post" action="/passes/cancel">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="property" value="{{propertyID}}"><input type="hidden" name="id" value="{{id}}">
        <button class="quiet" type="submit">Cancel</button></form></td></tr>{{/passes}}
        </tbody></table></div>{{/hasPasses}}
        {{/content}}{{/layout}}
        """

    /// The muster list for a fire drill or a night round: who is in now, by room, with a tick column; prints on A4.
    static let muster = """
        {{<layout}}{{$content}}
        <p><b>{{count}}</b> inside at {{at}}.{{#silentGates}} <span class="notice error">Gate {{.}} has not been heard from recently: its latest taps may be missing.</span>{{/silentGates}}</p>
        <p class="noprint"><button type="button" class="quiet" id="print">Print</button></p>
        <div class="table"><table id="muster"><thead><tr><th>Room</th><th>Name</th><th>In since</th><th>Gate</th><th>✓</th></tr></thead><tbody>
        {{#students}}<tr><td>{{room}}</td><td>{{name}}</td><td>{{since}}</td><td>{{gate}}</td><td class="tick"></td></tr>{{/students}}
        </tbody></table></div>
        {{/content}}{{/layout}}
        """

    /// The alerts the hub made, with each channel's delivery state.
    static let alerts = """
        {{<layout}}{{$content}}
        {{^alerts}}<p class="empty">No alerts.</p>{{/alerts}}
        {{#hasAlerts}}<div class="table"><table id="alerts"><thead><tr><th>Made</th><th>Alert</th><th>About</th><th>Delivery</th></tr></thead><tbody>
        {{#alerts}}<tr><td>{{made}}</td><td>{{event}}</td><td>{{about}}</td><td>{{delivery}}</td></tr>{{/alerts}}
        </tbody></table></div>{{/hasAlerts}}
        {{/content}}{{/layout}}
        """
}
