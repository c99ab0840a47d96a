print("roastbot: under construction")
