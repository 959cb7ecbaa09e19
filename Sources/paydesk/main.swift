print("paydesk")
