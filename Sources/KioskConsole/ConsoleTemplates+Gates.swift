extension ConsoleTemplates {
    /// A warden's manual entry.
    static let manual = """
        {{<layout}}{{$content}}
        <form class="stack" method="post" action="/manual">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="property" value="{{propertyID}}">
        <label>Student <select name="studentId" required>{{#students}}<option value="{{id}}">{{id}} {{name}} ({{room}})</option>{{/students}}</select></label>
        <label>Direction <select name="direction"><option value="in">in</option><option value="out">out</option></select></label>
        <label>Time ({{timezone}}) <input type="datetime-local" name="time" value="{{now}}" required></label>
        <label>Reason <input name="reason" required maxlength="500"></label>
        <button type="submit">Record</button>
        </form>
        {{/content}}{{/layout}}
        """

    /// Each gate's last contact and last record; offline when silent too long.
    static let gates = """
        {{<layout}}{{$content}}
        <p class="muted">A gate not heard from for {{offlineMinutes}} minutes is offline.</p>
        {{^gates}}<p class="empty">No gate yet: give a kiosk a token (kiosk-hub token create --kiosk ID).</p>{{/gates}}
        {{#hasGates}}<div class="table"><table id="gates"><thead><tr><th>Gate</th><th>State</th><th>Last contact</th><th>Last record</th></tr></thead><tbody>
        {{#gates}}<tr><td>{{id}}</td><td>{{state}}</td><td>{{lastContact}}</td><td>{{lastRecord}}</td></tr>{{/gates}}
        </tbody></table></div>{{/hasGates}}
        {{/content}}{{/layout}}
        """

    /// The operator's view: one row per property with its counts.
    static let chain = """
        {{<layout}}{{$content}}
        <p class="muted">Each property on its own attendance day {{date}}.</p>
        <div class="table"><table id="chain"><thead><tr><th>Property</th><th class="num">Total</th><th class="num">In</th><th class="num">Out</th><th class="num">Not returned</th><th class="num">Absent</th><th class="num">Late</th></tr></thead><tbody>
        {{#properties}}<tr><td><a href="/?property={{id}}">{{name}}</a></td><td class="num">{{summary.total}}</td><td class="num">{{summary.checkedIn}}</td><td class="num">{{summary.checkedOut}}</td><td class="num">{{summary.notReturned}}</td><td class="num">{{summary.absent}}</td><td class="num">{{summary.late}}</td></tr>{{/properties}}
        </tbody></table></div>
        {{/content}}{{/layout}}
        """
}
