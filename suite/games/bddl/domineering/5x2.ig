% Domineering, 5 columns x 2 rows. Depth: Shaik & van de Pol, SAT 2023, Table 2(d).
#boardsize
5 2
#init
#depth
6
#blackgoal
#whitegoal
