% Domineering, 3 columns x 5 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
3 5
#init
#depth
8
#blackgoal
#whitegoal
