extension ConsoleTemplates {
    /// One student: status, cards, the last 30 days of taps, and the form to change them.
    static let student = """
        {{<layout}}{{$content}}
        <p><b>{{name}}</b> ({{id}}) · room {{room}} · {{active}} · today: <b>{{status}}</b></p>
        <h2>Cards</h2>
        {{^cards}}<p class="empty">No card.</p>{{/cards}}
        {{#hasCards}}<div class="table"><table id="cards"><thead><tr><th>UID</th><th></th></tr></thead><tbody>
        {{#cards}}<tr><td>{{uid}}</td><td><form class="inline" method="post" action="/roster/revoke">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="property" value="{{propertyID}}"><input type="hidden" name="uid" value="{{uid}}">
        <button class="quiet" type="submit">Revoke (lost card)</button></form></td></tr>{{/cards}}
        </tbody></table></div>{{/hasCards}}
        <h2>Change</h2>
        <form class="stack" method="post" action="{{path}}">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="property" value="{{propertyID}}">
        <label>Name <input name="name" value="{{name}}" required></label>
        <label>Room <input name="room" value="{{room}}" required></label>
        <label>Status <select name="status"><option value="active"{{#isActive}} selected{{/isActive}}>active</option><option value="inactive"{{^isActive}} selected{{/isActive}}>inactive</option></select></label>
        <button type="submit">Save</button>
        </form>
        <h2>Last {{historyDays}} days</h2>
        {{^history}}<p class="empty">No taps.</p>{{/history}}
        {{#hasHistory}}<div class="table"><table id="history"><thead><tr><th>Time</th><th>Outcome</th><th>Gate</th><th>Note</th></tr></thead><tbody>
        {{#history}}<tr><td>{{time}}</td><td>{{outcome}}</td><td>{{gate}}</td><td>{{note}}</td></tr>{{/history}}
        </tbody></table></div>{{/hasHistory}}
        {{/content}}{{/layout}}
        """

    /// The roster: upload, add, the students, and the unknown cards to enrol.
    static let roster = """
        {{<layout}}{{$content}}
        <h2>Upload a roster CSV</h2>
        <form class="stack" method="post" action="/roster/upload" enctype="multipart/form-data">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="property" value="{{propertyID}}">
        <label>CSV file (student_id,name,room,tag_uid[,status]) <input type="file" name="file" accept=".csv,text/csv" required></label>
        <label><span><input type="checkbox" name="replace" value="yes"> Replace the whole roster with this file</span></label>
        <button type="submit">Upload</button>
        </form>
        <h2>Add a student</h2>
        <form class="stack" method="post" action="/roster/add">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="property" value="{{propertyID}}">
        <label>Student ID <input name="studentId" required></label>
        <label>Name <input name="name" required></label>
        <label>Room <input name="room" required></label>
        <label>Card UID <input name="uid" required></label>
        <button type="submit">Add</button>
        </form>
        <h2>Unknown cards today</h2>
        {{^unknown}}<p class="empty">None.</p>{{/unknown}}
        {{#unknown}}<form class="stack" method="post" action="/roster/enrol">
        <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="property" value="{{propertyID}}"><input type="hidden" name="uid" value="{{uid}}">
        <span>Card <b>{{uid}}</b>: {{reads}} reads, last {{lastSeen}}</span>
        <label>Enrol for <select name="studentId">{{#students}}<option value="{{id}}">{{id}} {{name}}</option>{{/students}}</select></label>
        <button type="submit">Enrol card</button>
        </form>{{/unknown}}
        <h2>Students ({{count}})</h2>
        <div class="table"><table id="roster"><thead><tr><th>ID</th><th>Name</th><th>Room</th><th>Status</th><th>Cards</th></tr></thead><tbody>
        {{#students}}<tr><td>{{id}}</td><td><a href="{{link}}">{{name}}</a></td><td>{{room}}</td><td>{{status}}</td><td>{{cards}}</td></tr>{{/students}}
        </tbody></table></div>
        {{/content}}{{/layout}}
        """
}
